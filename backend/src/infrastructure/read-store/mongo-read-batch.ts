import {
  type AnyBulkWriteOperation,
  type Collection,
  type Document,
  MongoBulkWriteError,
} from 'mongodb';
import type {
  BatchReads,
  BatchReadSpec,
  BatchResults,
  BoundedCount,
  Join,
} from '../../application/ports/read-batch';
import type { ReadDocument } from '../../application/ports/read-store.port';
import { reversedSort } from './bson-order';
import {
  COUNTERS,
  type CounterDocument,
  DUPLICATE_KEY,
  counterIncrementPipeline,
  pageFilter,
  totalSort,
} from './mongo-read-store.mapping';

/**
 * The MongoDB read store's batches: several reads in one aggregation (`readMany`), several
 * counts in one bulk write (`countWithin`).
 */

/** Where a joined document rides on its document inside the aggregation. */
const JOINED = '__joined';

/**
 * One aggregation for the whole batch, run on the database (`db.aggregate`): `$documents` makes
 * one empty document, and each read is an uncorrelated `$lookup` that puts its answer in a field
 * of it (`r0`, `r1`, …). Each `$lookup` starts with the read's `$match`, which uses the
 * collection's indexes as the same query would. Needs MongoDB 5.1 or newer (`$documents`).
 */
export function batchPipeline(reads: BatchReads, now: Date): Document[] {
  const lookups = Object.values(reads).flatMap((read, index) =>
    subPipelines(read.spec, now).map((pipeline, part) => ({
      $lookup: { from: pipeline.from, pipeline: pipeline.stages, as: fieldOf(index, part) },
    })),
  );
  return [{ $documents: [{}] }, ...lookups];
}

/** The batch's answers, by name, from the aggregation's one document. */
export function batchAnswers<Reads extends BatchReads>(
  reads: Reads,
  result: Document | undefined,
): BatchResults<Reads> {
  const answers = Object.entries(reads).map(([name, read], index) => [
    name,
    answerOf(read.spec, (part) => (result?.[fieldOf(index, part)] ?? []) as Document[]),
  ]);
  return Object.fromEntries(answers) as BatchResults<Reads>;
}

function fieldOf(index: number, part: number): string {
  return `r${index}_${part}`;
}

interface SubPipeline {
  from: string;
  stages: Document[];
}

/** The `$lookup` pipelines of one read: one each, and one per position for `countBefore`. */
function subPipelines(spec: BatchReadSpec, now: Date): SubPipeline[] {
  switch (spec.kind) {
    case 'findOne':
      return [
        { from: spec.collection, stages: [{ $match: spec.filter }, { $limit: 1 }, ...join(spec)] },
      ];
    case 'find': {
      const { sort, after, skip, limit } = spec.options ?? {};
      const stages: Document[] = [{ $match: pageFilter(spec.filter, sort, after) }];
      if (sort !== undefined || after !== undefined) stages.push({ $sort: totalSort(sort) });
      if (skip) stages.push({ $skip: skip });
      if (limit) stages.push({ $limit: limit });
      return [{ from: spec.collection, stages: [...stages, ...join(spec)] }];
    }
    case 'count': {
      const { sort, after } = spec.options ?? {};
      const match = pageFilter(spec.filter, sort, after);
      return [{ from: spec.collection, stages: [{ $match: match }, { $count: 'n' }] }];
    }
    case 'countBefore':
      // Before a position in `sort` order is after it in the reverse order.
      return spec.positions.map((position) => ({
        from: spec.collection,
        stages: [
          { $match: pageFilter(spec.filter, reversedSort(spec.sort), position) },
          { $count: 'n' },
        ],
      }));
    case 'counter':
      // The TTL monitor deletes expired counters only once a minute: compare the time as well.
      return [{ from: COUNTERS, stages: [{ $match: { _id: spec.key, expiresAt: { $gt: now } } }] }];
  }
}

function join(spec: { join?: Join }): Document[] {
  if (!spec.join) return [];
  const { collection, localField } = spec.join;
  return [{ $lookup: { from: collection, localField, foreignField: '_id', as: JOINED } }];
}

function answerOf(spec: BatchReadSpec, part: (index: number) => Document[]): unknown {
  switch (spec.kind) {
    case 'findOne': {
      const [found] = part(0);
      if (!found) return null;
      return spec.join ? withJoined(found) : found;
    }
    case 'find':
      return spec.join ? part(0).map(withJoined) : part(0);
    case 'count':
      return countIn(part(0));
    case 'countBefore':
      return spec.positions.map((_, index) => countIn(part(index)));
    case 'counter':
      return ((part(0)[0] as CounterDocument | undefined)?.value ?? 0) as number;
  }
}

function countIn(answer: Document[]): number {
  return (answer[0] as { n?: number } | undefined)?.n ?? 0;
}

function withJoined(found: Document): { document: ReadDocument; joined: ReadDocument | null } {
  const { [JOINED]: joined, ...document } = found;
  return {
    document: document as ReadDocument,
    joined: ((joined as ReadDocument[] | undefined)?.[0] ?? null) as ReadDocument | null,
  };
}

/**
 * `countWithin` as one unordered `bulkWrite` on the counters: each count is an upsert whose
 * filter matches its counter only while it is below its bound (or has expired). A counter at its
 * bound then fails to match, and the upsert's insert collides with its `_id` (duplicate key):
 * that count's index comes back as a write error, and nothing else is changed for it.
 */
export function boundedCountWrites(
  counts: readonly BoundedCount[],
  now: Date,
): AnyBulkWriteOperation<CounterDocument>[] {
  return counts.map(({ key, expiresAt, by = 1, below }) => ({
    updateOne: {
      filter:
        below === undefined
          ? { _id: key }
          : { _id: key, $or: [{ value: { $lt: below } }, { expiresAt: { $lte: now } }] },
      update: counterIncrementPipeline(expiresAt, now, by),
      upsert: true,
    },
  }));
}

/** `ReadStore.countWithin` on MongoDB: one bulk write, and more only for a refused count. */
export async function countWithin(
  counters: Collection<CounterDocument>,
  counts: readonly BoundedCount[],
  now: Date,
): Promise<boolean[]> {
  const counted = counts.map(() => false);
  // A count bounded below 1 never counts (its upsert would insert it).
  let asked = counts.flatMap((count, index) =>
    count.below === undefined || count.below > 0 ? [index] : [],
  );
  for (let attempt = 1; asked.length > 0; attempt += 1) {
    const refused = await countOnce(
      counters,
      asked.map((index) => counts[index]),
      now,
    );
    asked.forEach((index, i) => (counted[index] = !refused.has(i)));
    // A duplicate key is a counter at its bound, or two first uses of a new key racing to
    // insert it: those still below their bound are counted again, on the winner's document.
    const again = asked.filter((_, i) => refused.has(i));
    const values = await valuesOf(
      counters,
      again.map((index) => counts[index].key),
      now,
    );
    asked = again.filter(
      (index) => values.get(counts[index].key)! < (counts[index].below ?? Infinity),
    );
    if (attempt === 3 && asked.length > 0) throw new Error('Counters were not stored');
  }
  return counted;
}

/** One bulk write of the counts; answers the indexes (in `counts`) left uncounted. */
async function countOnce(
  counters: Collection<CounterDocument>,
  counts: readonly BoundedCount[],
  now: Date,
): Promise<Set<number>> {
  try {
    await counters.bulkWrite(boundedCountWrites(counts, now), { ordered: false });
    return new Set();
  } catch (error) {
    if (!(error instanceof MongoBulkWriteError)) throw error;
    const errors = [error.writeErrors].flat();
    if (errors.some((writeError) => writeError.code !== DUPLICATE_KEY)) throw error;
    return new Set(errors.map((writeError) => writeError.index));
  }
}

/** The live values of these counters (0 for one not there or expired). */
async function valuesOf(
  counters: Collection<CounterDocument>,
  keys: readonly string[],
  now: Date,
): Promise<Map<string, number>> {
  const values = new Map(keys.map((key) => [key, 0]));
  if (keys.length === 0) return values;
  const found = await counters.find({ _id: { $in: [...keys] }, expiresAt: { $gt: now } }).toArray();
  for (const counter of found) values.set(counter._id, counter.value);
  return values;
}
