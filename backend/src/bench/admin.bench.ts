import { systemClock } from '../application/shared/clock';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ReadDocument } from '../application/ports/read-store.port';
import { AdminReads } from '../application/moderation/admin-reads';
import { GetStatisticsHandler } from '../application/moderation/get-statistics/get-statistics.handler';
import { GetStatisticsQuery } from '../application/moderation/get-statistics/get-statistics.query';
import { ListAuditHandler } from '../application/moderation/list-audit/list-audit.handler';
import {
  type AuditFilter,
  ListAuditQuery,
} from '../application/moderation/list-audit/list-audit.query';
import type { Actor, RecordedEvent } from '../domain/shared/event';
import { EmbeddedReadStore } from '../infrastructure/read-store/embedded-read-store';
import { AUDIT, auditProjection } from '../projections/audit/audit.projection';
import {
  DAILY_STATISTICS,
  statisticsProjection,
} from '../projections/statistics/statistics.projection';
import type { Projection } from '../projections/projection';

export interface AdminBench {
  events: number;
  auditEntries: number;
  days: number;
  /** Projecting the log into both read models and committing them, events per second. */
  projectPerSecond: number;
  /** The audit log's first page (25, newest first, with its total), median ms. */
  auditFirstPageMs: number;
  /** The first page of one kind (`UserSuspended`), median ms. */
  auditKindPageMs: number;
  /** Page 40 (skipping 975 entries), median ms. */
  auditDeepPageMs: number;
  /** The anchor: the same 25 audit documents, each read by its id, median ms. */
  plainReadMs: number;
  /** 28 days of statistics and their weeks, median ms. */
  statistics28Ms: number;
  /** 366 days of statistics and their weeks, median ms. */
  statistics366Ms: number;
  /** The anchor: the same 366 day documents, each read by its id, median ms. */
  plainDaysMs: number;
  /** The anchor of the 28 days: those 28 day documents, each read by its id, median ms. */
  plainDays28Ms: number;
}

const ADMIN: Actor = { type: 'admin', id: 'a-0' };
const START = Date.UTC(2025, 11, 1);
const YEAR_MS = 366 * 86_400_000;

/**
 * A year of log, `count` events: mostly members' activity (counted by the statistics), one in
 * three an admin action or a payment fact (an audit entry as well), the rest bookkeeping that
 * neither reads.
 */
function event(i: number, count: number): RecordedEvent {
  const at = new Date(START + Math.floor((i * YEAR_MS) / count)).toISOString();
  const id = i.toString(16).padStart(12, '0');
  const uuid = `00000000-0000-4000-8000-${id}`;
  const stripe: Actor = { type: 'stripe', id: `evt_${id}` };
  const member: Actor = { type: 'user', id: `u-${i % 5000}` };
  const facts = { currency: 'usd', stripeSessionId: `cs_${id}`, stripePaymentId: `pi_${id}` };
  const kinds: [string, unknown, Actor][] = [
    ['PostApproved', { postId: uuid, authorId: `u-${i % 5000}` }, ADMIN],
    ['UserSuspended', { userId: `u-${i % 5000}`, reason: 'Spam' }, ADMIN],
    ['ReportReviewed', { reportId: uuid, postId: uuid, status: 'reviewed' }, ADMIN],
    [
      'BoostPurchased',
      {
        ...facts,
        amount: 199,
        boostId: uuid,
        boostType: 'regular',
        userId: `u-${i % 5000}`,
        postId: null,
        receiptUrl: null,
        receiptEmail: null,
      },
      stripe,
    ],
    [
      'DonationReceived',
      { ...facts, amount: 500, userId: null, receiptUrl: null, receiptEmail: null },
      stripe,
    ],
    [
      'PaymentRefunded',
      {
        stripePaymentId: `pi_${id}`,
        stripeChargeId: `ch_${id}`,
        amountRefunded: 199,
        amount: 199,
        currency: 'usd',
        receiptUrl: null,
      },
      stripe,
    ],
    ['PostVisibilityChanged', { postId: uuid, isPublic: false, reason: 'Off topic' }, ADMIN],
    ['Liked', { postId: uuid, target: 'post' }, member],
    ['Liked', { postId: uuid, target: 'post' }, member],
    ['Liked', { postId: uuid, target: 'post' }, member],
    ['Rated', { postId: uuid, score: 7 }, member],
    ['Rated', { postId: uuid, score: 8 }, member],
    ['CommentPosted', { postId: uuid, commentId: uuid }, member],
    ['CommentPosted', { postId: uuid, commentId: uuid }, member],
    ['PostPublished', { postId: uuid }, member],
    ['PhotoRated', { ratingId: uuid }, member],
    ['UserRegistered', { userId: uuid }, member],
    ['PostReported', { postId: uuid }, member],
    ['PaymentReceived', { ...facts, amount: 199 }, stripe],
    ['StripeEventReceived', { stripeEventId: `evt_${id}` }, stripe],
  ];
  const [type, data, actor] = kinds[i % kinds.length];
  return {
    id: uuid,
    streamId: `s-${id}`,
    revision: 0n,
    position: BigInt(i + 1),
    type,
    data,
    metadata: { actor, correlationId: 'bench', causationId: 'bench', at },
    createdAt: new Date(at),
  };
}

/** Applies an event to the documents a projection keeps, as the runner does. */
function project(projection: Projection, docs: Map<string, ReadDocument>, recorded: RecordedEvent) {
  if (!projection.handles.includes(recorded.type)) return;
  const named = projection.documentId(recorded);
  const ids = named === null ? [] : typeof named === 'string' ? [named] : named;
  for (const id of ids) {
    const next = projection.apply(docs.get(id) ?? null, recorded, id);
    if (next) docs.set(id, next);
    else docs.delete(id);
  }
}

/**
 * The back office's audit list and statistics over a log of `count` events, in the embedded read
 * store with the audit's declared indexes, each beside a plain read of the same documents.
 */
export async function benchAdmin(count = 1_000_000): Promise<AdminBench> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-admin-'));
  const store = new EmbeddedReadStore(join(dir, 'read-models.sqlite'));
  try {
    const projecting = performance.now();
    const audit = new Map<string, ReadDocument>();
    const days = new Map<string, ReadDocument>();
    for (let i = 0; i < count; i += 1) {
      const recorded = event(i, count);
      project(auditProjection as Projection, audit, recorded);
      project(statisticsProjection as Projection, days, recorded);
    }
    await store.ensureIndexes(AUDIT, auditProjection.indexes ?? []);
    const entries = [...audit.values()];
    let position = 0n;
    for (let from = 0; from < entries.length; from += 25_000) {
      await store.commit(
        entries
          .slice(from, from + 25_000)
          .map((document) => ({ kind: 'upsert' as const, collection: AUDIT, document })),
        { name: 'bench', position: (position += 1n) },
      );
    }
    await store.commit(
      [...days.values()].map((document) => ({
        kind: 'upsert' as const,
        collection: DAILY_STATISTICS,
        document,
      })),
      { name: 'bench', position: (position += 1n) },
    );
    const projectPerSecond = count / ((performance.now() - projecting) / 1000);

    const auditList = new ListAuditHandler(new AdminReads(store, systemClock));
    const auditPage = (filter: AuditFilter, page: number) =>
      auditList.execute(new ListAuditQuery(filter, { page, pageSize: 25 }));
    const statisticsHandler = new GetStatisticsHandler(store);
    const statistics = (from: string, to: string) =>
      statisticsHandler.execute(new GetStatisticsQuery(from, to));
    const first = await auditPage({}, 1);
    if (first.items.length !== 25 || first.total !== entries.length) {
      throw new Error('The audit list disagrees with the entries written');
    }
    const ids = first.items.map((row) => row.entry._id);
    const auditFirstPageMs = await median(50, () => auditPage({}, 1));
    const auditKindPageMs = await median(50, () => auditPage({ kind: 'UserSuspended' }, 1));
    const auditDeepPageMs = await median(20, () => auditPage({}, 40));
    const plainReadMs = await median(50, () =>
      Promise.all(ids.map((_id) => store.findOne(AUDIT, { _id }))),
    );

    const dayIds = [...days.keys()].sort();
    const last = dayIds[dayIds.length - 1];
    const from28 = new Date(Date.parse(last) - 27 * 86_400_000).toISOString().slice(0, 10);
    const from366 = new Date(Date.parse(last) - 365 * 86_400_000).toISOString().slice(0, 10);
    const statistics28Ms = await median(50, () => statistics(from28, last));
    const statistics366Ms = await median(20, () => statistics(from366, last));
    const plainDaysMs = await median(20, () =>
      Promise.all(dayIds.slice(-366).map((_id) => store.findOne(DAILY_STATISTICS, { _id }))),
    );
    const plainDays28Ms = await median(50, () =>
      Promise.all(dayIds.slice(-28).map((_id) => store.findOne(DAILY_STATISTICS, { _id }))),
    );
    return {
      plainDays28Ms,
      events: count,
      auditEntries: entries.length,
      days: days.size,
      projectPerSecond,
      auditFirstPageMs,
      auditKindPageMs,
      auditDeepPageMs,
      plainReadMs,
      statistics28Ms,
      statistics366Ms,
      plainDaysMs,
    };
  } finally {
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function median(runs: number, run: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await run();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b)[Math.floor(runs / 2)];
}
