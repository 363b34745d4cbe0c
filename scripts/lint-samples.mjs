// Lints small samples with the repository's ESLint configuration and prints, for each, its
// messages as `rule: message`. Reads a JSON array on stdin; each case is either
//   { "file": "backend/src/x.ts", "source": "…" }  linted as if it were that file, or
//   { "files": { "frontend/src/a.ts": "…", … } }   a tree of files that import each other
//                                                   (by relative paths), written to a scratch
//                                                   folder and linted there.
// A child process: jest's module sandbox cannot load ESLint's configuration file, and a rule
// that follows imports (no-cycle) reads the other files from disk.
import { ESLint } from 'eslint';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import process from 'node:process';

const repo = join(import.meta.dirname, '..');
const config = join(repo, 'eslint.config.mjs');

const named = (messages) => messages.map((message) => `${message.ruleId}: ${message.message}`);

let inRepo = null;

async function lintSource({ file, source }) {
  inRepo ??= new ESLint({ cwd: repo });
  const [result] = await inRepo.lintText(source, { filePath: join(repo, file) });
  return named(result.messages);
}

async function lintTree({ files }) {
  const root = mkdtempSync(join(tmpdir(), 'lint-samples-'));
  try {
    for (const [path, source] of Object.entries(files)) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), source);
    }
    const eslint = new ESLint({ cwd: root, overrideConfigFile: config });
    const results = await eslint.lintFiles(Object.keys(files));
    return results.flatMap((result) => named(result.messages));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

let input = '';
for await (const chunk of process.stdin) input += chunk;
const answers = [];
for (const sample of JSON.parse(input)) {
  answers.push(await (sample.files ? lintTree(sample) : lintSource(sample)));
}
process.stdout.write(JSON.stringify(answers));
