// Prints the size of the JavaScript (and CSS) a new visitor's first page loads, as the app serves
// it (the precompressed gzip and brotli copies of scripts/precompress.mjs: run it first), read
// from the build's manifest: the entry chunk of index.html with everything it imports statically,
// plus the chunks holding the `/` route's modules (TanStack Router's autoCodeSplitting loads a
// split route's component, error and not-found chunks together) and the age gate, which a
// visitor who has not confirmed sees first, with their static imports.
//
// `--json` prints the sizes as JSON instead, with their anchor: React alone (react, react-dom's
// client, the scheduler and the JSX runtime, minified with the build's terser settings and
// gzipped by zopfli as the build does), the least any page of a React app ships; and the stack
// alone (scripts/stack-floor: React, TanStack Router and TanStack Query with one route and none
// of the app's code, built with the app's build settings), the least a page of this app's stack
// ships. The bench reads it (backend/src/bench/frontend.bench.ts).
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { Buffer } from 'node:buffer';
import process, { argv, stdout } from 'node:process';
import { promisify } from 'node:util';

import zopfli from '@gfx/zopfli';
import { minify } from 'terser';

const dist = resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));

// The modules a new visitor's first page shows: the home route (whole or split into parts) and
// the age gate over it.
const FIRST_PAGE_MODULES = [
  'src/routes/index.tsx',
  'src/features/gate/components/age-gate-dialog.tsx',
];

const chunks = new Set();
const styles = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || chunks.has(chunk.file)) return;
  chunks.add(chunk.file);
  for (const css of chunk.css ?? []) styles.add(css);
  for (const imported of chunk.imports ?? []) collect(imported);
}

// The chunks holding those modules (see moduleChunks in vite.config.ts), by file.
const moduleChunks = JSON.parse(readFileSync(join(dist, '.vite/module-chunks.json'), 'utf8'));
const firstPageFiles = new Set();
for (const wanted of FIRST_PAGE_MODULES) {
  const files = Object.entries(moduleChunks)
    .filter(([module]) => module === wanted || module.startsWith(`${wanted}?`))
    .map(([, file]) => file);
  if (files.length === 0) throw new Error(`No chunk holds ${wanted}: rebuild the frontend`);
  for (const file of files) firstPageFiles.add(file);
}

collect('index.html');
for (const [key, chunk] of Object.entries(manifest)) {
  if (firstPageFiles.has(chunk.file)) collect(key);
}

/** A file's size as the app serves it: its precompressed copy, or itself when it has none. */
function served(path, extension) {
  return existsSync(`${path}${extension}`)
    ? statSync(`${path}${extension}`).size
    : statSync(path).size;
}

function sizes(files) {
  return [...files].map((file) => {
    const path = join(dist, file);
    return {
      file,
      raw: statSync(path).size,
      gzip: served(path, '.gz'),
      brotli: served(path, '.br'),
    };
  });
}

const print = (line) => stdout.write(`${line}\n`);
// kB as the issue and Vite count them: 1000 bytes.
const kB = (n) => `${(n / 1000).toFixed(2)} kB`;
const js = sizes(chunks).sort((a, b) => b.gzip - a.gzip);
const css = sizes(styles);
const total = (list, field) => list.reduce((sum, entry) => sum + entry[field], 0);
const line = (list) =>
  `${kB(total(list, 'gzip'))} gzip, ${kB(total(list, 'brotli'))} brotli (${kB(total(list, 'raw'))} raw)`;

/** React alone, minified and gzipped as the build does: the anchor of the bench's figure. */
async function reactAlone() {
  const require = createRequire(import.meta.url);
  const files = [
    'react/cjs/react.production.js',
    'react/cjs/react-jsx-runtime.production.js',
    'scheduler/cjs/scheduler.production.js',
    'react-dom/cjs/react-dom.production.js',
    'react-dom/cjs/react-dom-client.production.js',
  ];
  let code = '';
  for (const file of files) {
    const [name, ...rest] = file.split('/');
    const path = join(require.resolve(`${name}/package.json`), '..', ...rest);
    const { code: minified } = await minify(readFileSync(path, 'utf8'), {
      // Each file's own names are as short as in the bundle, where they are a module's locals.
      toplevel: true,
      compress: { passes: 2 },
    });
    code += minified;
  }
  return {
    name: 'React alone (react, react-dom client, scheduler), minified, gzip',
    gzip: await gzipped(code),
  };
}

/** Gzipped as scripts/precompress.mjs writes what the app serves. */
async function gzipped(code) {
  return (await promisify(zopfli.gzip)(Buffer.from(code), { numiterations: 5 })).length;
}

/**
 * The stack alone: scripts/stack-floor, built in memory with vite.config.ts's minifier, aliases
 * and module preload settings, and gzipped as the app's files are.
 */
async function stackAlone() {
  // Loaded here, not above: every build runs this script, and only `--json` builds the stack.
  const { build, loadConfigFromFile } = await import('vite');
  const { default: react } = await import('@vitejs/plugin-react');
  const { config } = await loadConfigFromFile(
    { command: 'build', mode: 'production' },
    resolve(import.meta.dirname, '../vite.config.ts'),
  );
  const { minify: minifier, terserOptions, modulePreload } = config.build;
  const output = await build({
    configFile: false,
    logLevel: 'silent',
    root: resolve(import.meta.dirname, 'stack-floor'),
    plugins: [react()],
    resolve: config.resolve,
    build: { write: false, minify: minifier, terserOptions, modulePreload },
  });
  const chunks = [output].flat().flatMap((result) => result.output);
  let gzip = 0;
  for (const chunk of chunks) if (chunk.type === 'chunk') gzip += await gzipped(chunk.code);
  return gzip;
}

// The budget (docs/architecture.md, "What the first download holds"): the build fails past it,
// so a change that grows a new visitor's first page past the goal is seen when it is made; the
// bench reads it from `--json` as the figure's floor.
const BUDGET_BYTES = 120_000;

if (argv.includes('--json')) {
  const summary = (list) => ({
    gzip: total(list, 'gzip'),
    brotli: total(list, 'brotli'),
    raw: total(list, 'raw'),
    files: list.length,
  });
  print(
    JSON.stringify({
      js: summary(js),
      css: summary(css),
      anchor: await reactAlone(),
      stack: { name: 'React, TanStack Router and Query, one route', gzip: await stackAlone() },
      budget: BUDGET_BYTES,
    }),
  );
  process.exit(0);
}

print('\nFirst page (/, a new visitor: the age gate over the home page), as served:');
for (const entry of js) {
  print(
    `  ${entry.file.padEnd(36)} ${kB(entry.gzip).padStart(10)} gzip ${kB(entry.brotli).padStart(10)} brotli`,
  );
}
print(`First page JS: ${line(js)} in ${js.length} files`);
print(`First page CSS: ${line(css)}`);

if (total(js, 'gzip') > BUDGET_BYTES) {
  process.stderr.write(
    `First page JS is over its budget of ${kB(BUDGET_BYTES)} gzipped: load what the first page ` +
      'does not show when it is first needed (docs/architecture.md).\n',
  );
  process.exitCode = 1;
}
