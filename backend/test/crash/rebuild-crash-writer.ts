/**
 * Child process for the online rebuild's crash test: starts the projections at version 2 on read
 * models built by version 1, so they are rebuilt beside the live ones while the live projection
 * goes on and events keep being appended. It says on stdout where the rebuild is (`replay`,
 * `catch-up`, `paused`, `swapped`); the test kills it with SIGKILL at one of them.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/infrastructure/event-store/sqlite-event-store';
import { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import { EmbeddedReadStore } from '../../src/infrastructure/read-store/embedded-read-store';
import { talliesProjection } from './tallies.projection';

const say = (line: string): void => void process.stdout.write(`${line}\n`);

async function main() {
  const [dir] = process.argv.slice(2);
  const events = new SqliteEventStore(join(dir, 'events.sqlite'));
  const reads = new EmbeddedReadStore(join(dir, 'read-models.sqlite'));
  const runner = new ProjectionRunner(events, reads, [talliesProjection], {
    version: 2,
    batchSize: 50,
    rebuildHooks: {
      afterPage: (phase) => say(phase),
      paused: () => say('paused'),
    },
  });
  await runner.start();
  void runner.startRebuild().then(() => say('swapped'));
  for (let i = 0; ; i += 1) {
    const id = randomUUID();
    await events.appendToStream(`tally-${i % 97}`, [
      {
        id,
        type: 'Tallied',
        data: { n: i },
        metadata: {
          actor: { type: 'system', id: 'rebuild-crash-test' },
          correlationId: id,
          causationId: id,
          at: new Date().toISOString(),
        },
      },
    ]);
    // Now and then a turn, so the projections and the rebuild go on beside the appends.
    if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

void main();
