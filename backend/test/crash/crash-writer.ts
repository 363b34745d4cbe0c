/**
 * Child process for the crash test: projects into the embedded read store while appending a
 * steady burst of events, and acknowledges each append on stdout once the store has answered.
 * The test kills it with SIGKILL at an arbitrary moment.
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { SqliteEventStore } from '../../src/infrastructure/event-store/sqlite-event-store';
import { ProjectionRunner } from '../../src/infrastructure/projection-runner/projection-runner';
import { EmbeddedReadStore } from '../../src/infrastructure/read-store/embedded-read-store';
import { talliesProjection } from './tallies.projection';

async function main() {
  const [dir, label] = process.argv.slice(2);
  const events = new SqliteEventStore(join(dir, 'events.sqlite'));
  const reads = new EmbeddedReadStore(join(dir, 'read-models.sqlite'));
  const runner = new ProjectionRunner(events, reads, [talliesProjection], {
    version: 1,
    batchSize: 50,
  });
  await runner.start();
  process.stdout.write('ready\n');

  for (let i = 0; ; i += 1) {
    const id = randomUUID();
    await events.appendToStream(`tally-${i % 7}`, [
      {
        id,
        type: 'Tallied',
        data: { n: i, by: label },
        metadata: {
          actor: { type: 'system', id: 'crash-test' },
          correlationId: id,
          causationId: id,
          at: new Date().toISOString(),
        },
      },
    ]);
    process.stdout.write(`ack ${id}\n`);
    // Yield now and then so the projections keep running during the burst.
    if (i % 20 === 0) await new Promise((resolve) => setImmediate(resolve));
  }
}

void main();
