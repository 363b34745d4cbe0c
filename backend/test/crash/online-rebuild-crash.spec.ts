import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/infrastructure/event-store/sqlite-event-store';
import { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import { EmbeddedReadStore } from '../../src/infrastructure/read-store/embedded-read-store';
import { talliesProjection } from './tallies.projection';

const REGISTER = join(__dirname, '../support/register-ts.js');
const WRITER = join(__dirname, 'rebuild-crash-writer.ts');

/** Runs the child until it has said `marker` `times` times, then kills it with SIGKILL. */
function runAndKill(dir: string, marker: string, times: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(process.execPath, ['-r', REGISTER, WRITER, dir], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let seen = 0;
    let buffer = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop()!;
      seen += lines.filter((line) => line === marker).length;
      if (seen >= times && !child.killed) child.kill('SIGKILL');
    });
    child.on('exit', (_code, signal) =>
      signal === 'SIGKILL' ? resolve() : reject(new Error(`child exited before ${marker}`)),
    );
    child.on('error', reject);
  });
}

/** Read models built by version 1 of the projections over 4,000 events in 2,000 streams. */
async function builtByVersionOne(dir: string): Promise<void> {
  const events = new SqliteEventStore(join(dir, 'events.sqlite'));
  const reads = new EmbeddedReadStore(join(dir, 'read-models.sqlite'));
  for (let i = 0; i < 4000; i += 20) {
    for (let j = i; j < i + 20; j += 1) {
      const id = randomUUID();
      const at = new Date().toISOString();
      const metadata = {
        actor: { type: 'system' as const, id: 'seed' },
        correlationId: id,
        causationId: id,
        at,
      };
      await events.appendToStream(`seed-${j % 2000}`, [
        { id, type: 'Tallied', data: {}, metadata },
      ]);
    }
  }
  const runner = new ProjectionRunner(events, reads, [talliesProjection], { version: 1 });
  await runner.start();
  await runner.waitForPosition((await events.headPosition())!, 30_000);
  await runner.stop();
  await events.close();
  await reads.close();
}

/**
 * Every tally is the log's events of its stream up to the read models' checkpoint, no more and
 * no fewer: the read models are one whole state of the log. Answers the checkpoint and version.
 */
async function wholeAtTheirCheckpoint(reads: EmbeddedReadStore, events: SqliteEventStore) {
  const checkpoint = await reads.getCheckpoint('read-models');
  const version = await reads.getCheckpoint('projections-version');
  const byStream = new Map<string, string[]>();
  for (const event of await events.readAll()) {
    if (checkpoint === null || event.position > checkpoint) break;
    byStream.set(event.streamId, [...(byStream.get(event.streamId) ?? []), event.id]);
  }
  const tallies = await reads.find<{ _id: string; count: number; events: string[] }>('tallies', {});
  expect(tallies.length).toBe(byStream.size);
  for (const tally of tallies) {
    expect({ stream: tally._id, events: tally.events }).toEqual({
      stream: tally._id,
      events: byStream.get(tally._id),
    });
    expect(tally.count).toBe(tally.events.length);
  }
  return { checkpoint, version };
}

describe('an online rebuild killed at any step', () => {
  const template = mkdtempSync(join(tmpdir(), 'rebuild-crash-template-'));
  beforeAll(() => builtByVersionOne(template), 120_000);
  afterAll(() => rmSync(template, { recursive: true, force: true }));

  it.each([
    ['in its replay', 'replay', 2],
    ['in its catch-up', 'catch-up', 1],
    ['with the live projection paused for its swap', 'paused', 1],
    ['right after its swap', 'swapped', 1],
  ])(
    'given a kill %s, when the site starts again, then the read models were whole at their checkpoint throughout and the rebuild completes',
    async (_when, marker, times) => {
      const dir = mkdtempSync(join(tmpdir(), 'rebuild-crash-'));
      try {
        cpSync(template, dir, { recursive: true });
        await runAndKill(dir, marker, times);

        const events = new SqliteEventStore(join(dir, 'events.sqlite'));
        const reads = new EmbeddedReadStore(join(dir, 'read-models.sqlite'));
        const runner = new ProjectionRunner(events, reads, [talliesProjection], { version: 2 });
        try {
          const killed = await wholeAtTheirCheckpoint(reads, events);
          expect([1n, 2n]).toContain(killed.version);
          if (marker === 'swapped') expect(killed.version).toBe(2n);

          await runner.start();
          await runner.startRebuild();
          await runner.waitForPosition((await events.headPosition())!, 30_000);
          const restarted = await wholeAtTheirCheckpoint(reads, events);
          expect(restarted).toEqual({ checkpoint: await events.headPosition(), version: 2n });
          // What the killed rebuild left behind is gone with the start.
          await reads.retired();
        } finally {
          await runner.stop();
          await events.close();
          await reads.close();
        }
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
