import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { asksTheRunningApp } from '../../src/cli/rebuild-mode';
import { readRestoreArgs } from '../../src/cli/restore-args';

const OPERATIONS = resolve(__dirname, '../../../docs/operations.md');

/** The `sh` blocks' lines of a section of docs/operations.md that run `script`, as arguments. */
function documentedRuns(section: string, script: string): string[][] {
  const markdown = readFileSync(OPERATIONS, 'utf8');
  const start = markdown.indexOf(section);
  expect(start).toBeGreaterThanOrEqual(0);
  const next = markdown.indexOf('\n## ', start + section.length);
  const text = markdown.slice(start, next === -1 ? undefined : next);
  const runs: string[][] = [];
  for (const [, block] of text.matchAll(/^```sh\n([\s\S]*?)^```/gm)) {
    for (const line of block!.split('\n')) {
      const words = line.trim().split(/\s+/);
      const at = words.findIndex((word) => word.endsWith(script));
      if (at !== -1 && !line.trim().startsWith('#')) runs.push(words.slice(at + 1));
    }
  }
  return runs;
}

/**
 * The restore of the production stack is documented as commands; what they mean is the
 * command-line tools' to say. The embedded default's restore runs for real in
 * `test/backup/backup-restore.spec.ts`.
 */
describe('the documented restore of the production stack', () => {
  const stack = {
    mongoUrl: 'mongodb://mongo:27017/solescore?replicaSet=rs0',
    eventStoreUrl: 'esdb://eventstore:2113?tls=false',
  };

  it('rebuilds the read models here, with the site stopped, instead of asking an app that is not running', () => {
    const rebuilds = documentedRuns('### The production stack', 'projections-rebuild.js');
    expect(rebuilds).toHaveLength(1);
    expect(asksTheRunningApp(rebuilds[0]!, stack)).toBe(false);
    // Without the flag, the same command would ask a running app and wait for it.
    expect(asksTheRunningApp([], stack)).toBe(true);
  });

  it('applies the erasure ledger with arguments the restore takes', () => {
    const restores = documentedRuns('### The production stack', 'restore.js');
    expect(restores).toHaveLength(1);
    expect(readRestoreArgs(restores[0]!)).toMatchObject({ folder: null, ledger: 'configured' });
  });
});
