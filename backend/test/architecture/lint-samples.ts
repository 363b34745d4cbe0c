import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** A source linted as if it were `file`, or a tree of files linted together (see the script). */
export type LintSample = { file: string; source: string } | { files: Record<string, string> };

/**
 * Each sample's lint messages as `rule: message`, by the repository's ESLint configuration in
 * one child process (`scripts/lint-samples.mjs`): the rules live in the config and run with
 * `npm run lint`, and these prove that they bite.
 */
export function lintSamples(samples: LintSample[]): string[][] {
  const output = execFileSync(
    process.execPath,
    [join(__dirname, '../../../scripts/lint-samples.mjs')],
    { input: JSON.stringify(samples), encoding: 'utf8' },
  );
  return JSON.parse(output) as string[][];
}
