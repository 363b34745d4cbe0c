// Lints sources placed in the backend's layers and prints, for each, the messages of the import
// rules. Reads `[{ file, source }]` as JSON on stdin. (A child process: jest's module sandbox
// cannot load ESLint's configuration file.)
import { ESLint } from 'eslint';
import { join } from 'node:path';
import process from 'node:process';

const repo = join(import.meta.dirname, '..', '..', '..');
const eslint = new ESLint({ cwd: repo });
let input = '';
for await (const chunk of process.stdin) input += chunk;
const results = [];
for (const { file, source } of JSON.parse(input)) {
  const [result] = await eslint.lintText(source, { filePath: join(repo, 'backend/src', file) });
  results.push(
    result.messages
      .filter((message) => message.ruleId?.endsWith('no-restricted-imports'))
      .map((message) => message.message),
  );
}
process.stdout.write(JSON.stringify(results));
