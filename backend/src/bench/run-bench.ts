/**
 * `npm run bench`: measures the embedded default on this machine and prints the figures.
 * Nothing here asserts a timing; the numbers go into notes and reviews.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EventMetadata } from '../domain/shared/event';
import { SqliteEventStore } from '../infrastructure/event-store/sqlite-event-store';
import { ProjectionRunner } from '../infrastructure/projection-runner/projection-runner';
import { EmbeddedReadStore } from '../infrastructure/read-store/embedded-read-store';
import { allProjections, PROJECTIONS_VERSION } from '../projections/all-projections';
import { benchAccounts } from './accounts.bench';
import { benchCommunity } from './community.bench';
import { benchImagePipeline } from './image-pipeline.bench';
import { benchPayments } from './payments.bench';
import { benchReadStore } from './read-store.bench';

const metadata: EventMetadata = {
  actor: { type: 'system', id: 'bench' },
  correlationId: 'bench',
  causationId: 'bench',
  at: '2026-01-01T00:00:00.000Z',
};

function photoRated(i: number) {
  const ratingId = randomUUID();
  return {
    streamId: `rating-${ratingId}`,
    event: {
      id: randomUUID(),
      type: 'PhotoRated',
      data: {
        ratingId,
        imageUrl: `/uploads/ab/${i}.webp`,
        thumbnailUrl: `/uploads/ab/${i}.thumb.webp`,
        imageHash: i.toString(16).padStart(16, '0'),
        contentHash: i.toString(16).padStart(64, '0'),
        toeAlignment: 7,
        toeNails: 8,
        footShape: 6.5,
        aesthetic: 7.5,
        overall: 7.3,
        comment: 'Bright, sharp and well framed.',
        rater: 'offline-v1',
      },
      metadata,
    },
  };
}

async function benchAppends(synchronous: 'full' | 'normal', count: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous });
  try {
    const started = performance.now();
    for (let i = 0; i < count; i += 1) {
      const { streamId, event } = photoRated(i);
      await store.appendToStream(streamId, [event], { expectedRevision: 'no_stream' });
    }
    const ms = performance.now() - started;
    return { count, ms, perSecond: Math.round((count / ms) * 1000) };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function benchRebuild(count: number) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-'));
  const events = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'normal' });
  const reads = new EmbeddedReadStore(join(dir, 'read-models.sqlite'));
  try {
    for (let i = 0; i < count; i += 1) {
      const { streamId, event } = photoRated(i);
      await events.appendToStream(streamId, [event]);
    }
    const runner = new ProjectionRunner(events, reads, allProjections, {
      version: PROJECTIONS_VERSION,
    });
    const { events: replayed, ms } = await runner.rebuild();
    return { count: replayed, ms, perSecond: Math.round((replayed / ms) * 1000) };
  } finally {
    await events.close();
    await reads.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main() {
  const line = (label: string, value: string) =>
    process.stdout.write(`${label.padEnd(52)} ${value}\n`);
  process.stdout.write('Benchmarks (embedded default, this machine)\n\n');

  const durable = await benchAppends('full', 3000);
  line('event store appends, synchronous=full (default)', `${durable.perSecond} appends/s`);
  const relaxed = await benchAppends('normal', 10000);
  line('event store appends, synchronous=normal', `${relaxed.perSecond} appends/s`);

  const rebuild = await benchRebuild(50000);
  line(
    `projection rebuild (${rebuild.count} events)`,
    `${rebuild.perSecond} events/s (${rebuild.ms.toFixed(0)} ms)`,
  );

  const reads = await benchReadStore();
  line(
    `read store: ${reads.indexes} indexes built at start (${reads.posts} posts)`,
    `${reads.buildMs.toFixed(0)} ms`,
  );
  line(
    `board first page (${reads.posts} posts), index walk`,
    `${reads.walkMs.toFixed(3)} ms (scan and sort: ${reads.scanMs.toFixed(0)} ms)`,
  );
  line(
    `commit moving a post in ${reads.indexes} indexes`,
    `${reads.movingCommitMs.toFixed(3)} ms (keys unchanged: ${reads.inPlaceCommitMs.toFixed(3)} ms)`,
  );

  const image = await benchImagePipeline();
  line(
    `upload pipeline on a ${image.inputMb.toFixed(1)} MB JPEG`,
    `${image.ms.toFixed(0)} ms, peak RSS ${image.peakRssMb.toFixed(0)} MB (${image.baselineRssMb.toFixed(0)} MB before)`,
  );

  const accounts = await benchAccounts();
  const cost = `argon2id ${accounts.memoryKib} KiB, ${accounts.concurrency} clients`;
  for (const [label, figures] of [
    ['registrations', accounts.registrations],
    ['logins', accounts.logins],
  ] as const) {
    line(
      `${label} (${cost})`,
      `${figures.perSecond} ${label}/s (p50 ${figures.p50Ms.toFixed(0)} ms, p95 ${figures.p95Ms.toFixed(0)} ms)`,
    );
  }

  const payments = await benchPayments();
  line(
    `signed webhooks ingested (${payments.webhooks.count}, sequential)`,
    `${payments.webhooks.perSecond} webhooks/s (plain one-event appends: ${payments.plainAppends.perSecond}/s)`,
  );
  line(
    'buyer sees the boost after the webhook',
    `p50 ${payments.webhookToSeen.p50.toFixed(1)} ms, p99 ${payments.webhookToSeen.p99.toFixed(1)} ms`,
  );
  line(
    'return page confirmation (waits for the read models)',
    `p50 ${payments.confirm.p50.toFixed(1)} ms, p99 ${payments.confirm.p99.toFixed(1)} ms (webhook answer, no wait: p50 ${payments.webhookAnswer.p50.toFixed(1)} ms)`,
  );

  process.stdout.write('\nCommunity at scale (seeded log, real app on 127.0.0.1)\n\n');
  await benchCommunity(line);
}

main().catch((error: unknown) => {
  process.stderr.write(`${String(error)}\n`);
  process.exit(1);
});
