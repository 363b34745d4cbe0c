// Assembles the image's runtime stage from one list, scripts/runtime-files.txt:
//
//   node scripts/stage-runtime.mjs FROM TO [--production-only]
//
// copies each listed path of the workspace FROM into the new folder TO, as npm laid it out:
// symbolic links stay links (the workspaces' links in node_modules), files are hard-linked where
// FROM and TO share a file system and copied otherwise. The Dockerfile runs it in its build stage
// after `npm prune --omit=dev` and copies TO whole into the runtime stage. The image test
// (backend/test/image/runtime-stage.spec.ts) runs it on a checkout with --production-only, which
// leaves out of every node_modules what `npm prune --omit=dev` would remove: the packages that
// `npm ls --omit=dev --all` does not list.
import { execFileSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  linkSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
} from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const LIST = join(dirname(fileURLToPath(import.meta.url)), 'runtime-files.txt');

/** The list's entries: `{ path, optional }`, comments and blank lines left out. */
export function runtimeFiles(list = LIST) {
  return readFileSync(list, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) =>
      line.startsWith('?')
        ? { path: line.slice(1).trim(), optional: true }
        : { path: line, optional: false },
    );
}

/** The folders of the packages a production install keeps, as npm lists them. */
function productionPackages(root) {
  const listed = execFileSync('npm', ['ls', '--omit=dev', '--all', '--parseable'], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  return new Set(listed.split('\n').filter(Boolean));
}

/** Whether `path` is a package's folder inside a node_modules (`x` or `@scope/x`). */
function isPackageFolder(path) {
  const parent = dirname(path);
  if (basename(parent) === 'node_modules') return !basename(path).startsWith('@');
  return basename(parent).startsWith('@') && basename(dirname(parent)) === 'node_modules';
}

function place(from, to, keep, counts) {
  const stat = lstatSync(from);
  if (stat.isSymbolicLink()) {
    symlinkSync(readlinkSync(from), to);
  } else if (stat.isDirectory()) {
    mkdirSync(to);
    for (const name of readdirSync(from)) {
      const child = join(from, name);
      if (keep(child)) place(child, join(to, name), keep, counts);
    }
  } else {
    try {
      linkSync(from, to);
    } catch {
      copyFileSync(from, to);
    }
    counts.files += 1;
    counts.bytes += stat.size;
  }
}

export function stageRuntime(fromDir, toDir, { productionOnly = false } = {}) {
  const from = resolve(fromDir);
  const to = resolve(toDir);
  if (existsSync(to) && readdirSync(to).length > 0) {
    throw new Error(`${to} is not empty: the runtime stage is assembled into a new folder`);
  }
  const packages = productionOnly ? productionPackages(from) : null;
  const keep = (path) => {
    if (!packages) return true;
    if (basename(path) === '.bin' && basename(dirname(path)) === 'node_modules') return false;
    if (isPackageFolder(path)) return packages.has(path);
    if (basename(path).startsWith('@') && basename(dirname(path)) === 'node_modules') {
      return [...packages].some((kept) => kept.startsWith(`${path}/`));
    }
    return true;
  };
  const counts = { files: 0, bytes: 0 };
  mkdirSync(to, { recursive: true });
  for (const { path, optional } of runtimeFiles()) {
    const source = join(from, path);
    if (!existsSync(source)) {
      if (optional) continue;
      throw new Error(`${path} is missing from ${from}: build first (npx nx run-many -t build)`);
    }
    mkdirSync(dirname(join(to, path)), { recursive: true });
    place(source, join(to, path), keep, counts);
  }
  return counts;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const [fromDir, toDir, ...options] = process.argv.slice(2);
  if (!fromDir || !toDir || options.some((option) => option !== '--production-only')) {
    process.stderr.write('Usage: node scripts/stage-runtime.mjs FROM TO [--production-only]\n');
    process.exit(2);
  }
  const counts = stageRuntime(fromDir, toDir, {
    productionOnly: options.includes('--production-only'),
  });
  process.stdout.write(
    `Runtime stage: ${counts.files} files, ${Math.round(counts.bytes / 1e6)} MB in ${resolve(toDir)}\n`,
  );
}
