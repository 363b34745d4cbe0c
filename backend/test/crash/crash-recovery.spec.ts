import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/infrastructure/event-store/sqlite-event-store';
import { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import { EmbeddedReadStore } from '../../src/infrastructure/read-store/embedded-read-store';
import { talliesProjection } from './tallies.projection';

const REGISTER = join(__dirname, '../support/register-ts.js');
const WRITER = join(__dirname, 'crash-writer.ts');

/** Runs the writer until it has acknowledged `acks` appends, then kills it with SIGKILL. */
function runAndKill(dir: string, label: string, acks: number): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['-r', REGISTER, WRITER, dir, label], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const acknowledged: string[] = [];
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      for (const line of lines) {
        if (line.startsWith('ack ')) acknowledged.push(line.slice(4));
      }
      if (acknowledged.length >= acks && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve(acknowledged) : reject(new Error(`writer exited: ${signal}`)),
    );
    child.on('error', reject);
  });
}

describe('crash recovery of the embedded stores', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'crash-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('loses and doubles nothing when the process is killed during bursts of appends', async () => {
    const acknowledged: string[] = [];
    // Kill at different depths of the burst, three times over the same files.
    for (const [label, acks] of [
      ['first', 400],
      ['second', 137],
      ['third', 911],
    ] as const) {
      acknowledged.push(...(await runAndKill(dir, label, acks)));
    }

    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    const reads = new EmbeddedReadStore(join(dir, 'read-models.sqlite'));
    const runner = new ProjectionRunner(events, reads, [talliesProjection], { version: 1 });
    try {
      const log = await events.readAll();
      const ids = log.map((e) => e.id);
      // Every acknowledged append is in the log, and no event is in it twice.
      expect(new Set(ids).size).toBe(ids.length);
      const inLog = new Set(ids);
      expect(acknowledged.filter((id) => !inLog.has(id))).toEqual([]);
      // Revisions in each stream have no gap and no repeat.
      const byStream = new Map<string, bigint[]>();
      for (const e of log)
        byStream.set(e.streamId, [...(byStream.get(e.streamId) ?? []), e.revision]);
      for (const revisions of byStream.values()) {
        expect(revisions).toEqual(revisions.map((_, i) => BigInt(i)));
      }

      // After a restart the read models catch up to exactly the log.
      await runner.start();
      await runner.waitForPosition(log[log.length - 1].position, 10_000);
      for (const [stream, revisions] of byStream) {
        const doc = await reads.findOne<{ _id: string; count: number; events: string[] }>(
          'tallies',
          { _id: stream },
        );
        expect(doc?.count).toBe(revisions.length);
        expect(doc?.events).toEqual(log.filter((e) => e.streamId === stream).map((e) => e.id));
      }
    } finally {
      await runner.stop();
      await events.close();
      await reads.close();
    }
  });
});
