import { InMemoryMongo } from '../../../test/support/in-memory-mongo';
import { until } from '../../../test/support/until';
import { batchRead } from '../../application/ports/read-batch';
import type { RebuiltReadModel } from '../../application/ports/read-store.port';
import { MongoReadStore } from './mongo-read-store';
import { REBUILD_BATCH_WRITES } from './mongo-read-store.mapping';
import {
  GENERATION_ID,
  ReadModelNames,
  generationDocument,
  parseGenerationCollection,
  resolveBatchReads,
} from './mongo-generations';

const POSTS: RebuiltReadModel = { collection: 'posts', indexes: [{ keys: { rating: -1 } }] };
const OLD = ['p1', 'p2', 'p3'];
const NEW = ['p1', 'p2'];

/** A store on `mongo` as a process opens it; the replaced collections go at once unless told. */
async function openStore(mongo: InMemoryMongo, retireAfterMs = 0): Promise<MongoReadStore> {
  const store = new MongoReadStore(mongo.client, mongo.db, { retireAfterMs, generationPollMs: 5 });
  await store.open();
  return store;
}

/** The live read models: three posts at checkpoint 10, and a reactor's queue with its own. */
async function liveSite(mongo: InMemoryMongo): Promise<void> {
  const store = await openStore(mongo);
  await store.ensureIndexes('posts', POSTS.indexes);
  await store.commit(
    OLD.map((id) => ({ kind: 'upsert', collection: 'posts', document: { _id: id, rating: 1 } })),
    { name: 'read-models', position: 10n },
  );
  await store.commit(
    [{ kind: 'upsert', collection: 'mail-queue', document: { _id: 'm1', to: 'winner' } }],
    { name: 'mail-reactor', position: 8n },
  );
  await store.close();
}

/** The rebuild of the posts: two posts at rating 2, swapped in at checkpoint 12. */
async function rebuild(store: MongoReadStore): Promise<void> {
  await store.beginRebuild([POSTS]);
  await store.writeRebuild(
    NEW.map((id) => ({ kind: 'upsert', collection: 'posts', document: { _id: id, rating: 2 } })),
  );
  await store.swapIn(['posts'], [{ name: 'read-models', position: 12n }]);
}

async function served(store: MongoReadStore) {
  const posts = await store.find<{ _id: string; rating: number }>(
    'posts',
    {},
    { sort: { _id: 1 } },
  );
  return {
    ids: posts.map((post) => post._id),
    ratings: [...new Set(posts.map((post) => post.rating))],
    checkpoint: await store.getCheckpoint('read-models'),
  };
}

describe('MongoDB read models by generations (an in-memory server: no MongoDB here)', () => {
  it('given a rebuild beside the live read models, when swapped in, then every read switches at once with its checkpoint, and the replaced collection goes after the readers switched', async () => {
    const mongo = new InMemoryMongo();
    await liveSite(mongo);
    const lease = await openStore(mongo);
    const reader = await openStore(mongo);

    await lease.beginRebuild([POSTS]);
    await lease.writeRebuild(
      NEW.map((id) => ({ kind: 'upsert', collection: 'posts', document: { _id: id, rating: 2 } })),
    );
    expect(await lease.readRebuilt('posts', ['p1', 'p3'])).toEqual(
      new Map([
        ['p1', { _id: 'p1', rating: 2 }],
        ['p3', null],
      ]),
    );
    expect(await served(reader)).toEqual({ ids: OLD, ratings: [1], checkpoint: 10n });
    expect(mongo.indexNames('posts__g1')).toEqual(['rating_-1__id_1']);

    await lease.swapIn(['posts'], [{ name: 'read-models', position: 12n }]);
    expect(await served(lease)).toEqual({ ids: NEW, ratings: [2], checkpoint: 12n });
    // Another process switches when the generation reaches it (here by its poll).
    await until(async () => (await served(reader)).ids.length === NEW.length);
    expect(await served(reader)).toEqual({ ids: NEW, ratings: [2], checkpoint: 12n });

    // The live projection goes on into the new generation.
    await lease.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'p4', rating: 3 } }],
      { name: 'read-models', position: 13n },
    );
    expect(mongo.documents('posts__g1').map((doc) => doc._id)).toEqual(['p1', 'p2', 'p4']);

    await lease.retired();
    expect(mongo.collectionNames()).toEqual([
      '_checkpoints',
      '_counters',
      'mail-queue',
      'posts__g1',
    ]);
    expect(mongo.documents('mail-queue')).toEqual([{ _id: 'm1', to: 'winner' }]);
    expect(await lease.getCheckpoint('mail-reactor')).toBe(8n);
    await Promise.all([lease.close(), reader.close()]);
  });

  it('given a swap moments ago, when the next rebuild begins, then it keeps the replaced collection for readers still switching and drops only what was cut short', async () => {
    const mongo = new InMemoryMongo();
    await liveSite(mongo);
    const lease = await openStore(mongo, 60_000);
    await rebuild(lease);
    await lease.close(); // the process ends before its drop comes due
    const next = await openStore(mongo, 60_000);
    await next.beginRebuild([POSTS]);
    expect(mongo.collectionNames()).toEqual(
      expect.arrayContaining(['posts', 'posts__g1', 'posts__g2']),
    );
    await next.abandonRebuild(['posts']);
    expect(mongo.collectionNames()).not.toContain('posts__g2');
    expect(await served(next)).toEqual({ ids: NEW, ratings: [2], checkpoint: 12n });
    await next.close();
  });

  it('given a process killed at any step of a rebuild and its swap, when the site starts again, then it serves one whole generation with its own checkpoint, the reactors keep theirs, and the next rebuild leaves nothing behind', async () => {
    const clean = new InMemoryMongo();
    await liveSite(clean);
    const store = await openStore(clean);
    const before = clean.stepsTaken;
    await rebuild(store);
    await store.retired();
    const steps = clean.stepsTaken - before;
    expect(steps).toBeGreaterThan(5);
    await store.close();

    for (let step = 1; step <= steps; step += 1) {
      const mongo = new InMemoryMongo();
      await liveSite(mongo);
      const doomed = await openStore(mongo);
      mongo.crashAt(mongo.stepsTaken + step);
      await rebuild(doomed)
        .then(() => doomed.retired())
        .catch(() => undefined);
      await doomed.close();
      mongo.revive();

      const restarted = await openStore(mongo);
      const seen = await served(restarted);
      const whole = [
        { step, seen: { ids: OLD, ratings: [1], checkpoint: 10n } },
        { step, seen: { ids: NEW, ratings: [2], checkpoint: 12n } },
      ];
      expect(whole).toContainEqual({ step, seen });
      expect(mongo.documents('mail-queue')).toEqual([{ _id: 'm1', to: 'winner' }]);
      expect(await restarted.getCheckpoint('mail-reactor')).toBe(8n);

      await rebuild(restarted);
      await restarted.retired();
      expect(await served(restarted)).toEqual({ ids: NEW, ratings: [2], checkpoint: 12n });
      const named = (await mongo.documents('_checkpoints')).find((doc) => doc._id === GENERATION_ID)
        ?.names as Record<string, string>;
      expect({ step, collections: mongo.collectionNames() }).toEqual({
        step,
        collections: ['_checkpoints', '_counters', 'mail-queue', named.posts].sort(),
      });
      await restarted.close();
    }
  });

  it('given read models in a generation, when dropped for a rebuild in place, then they are empty under their own names with their indexes, and the reactors stay', async () => {
    const mongo = new InMemoryMongo();
    await liveSite(mongo);
    const store = await openStore(mongo);
    await rebuild(store);
    await store.retired();
    await store.dropReadModels({ collections: ['mail-queue'], checkpoints: ['mail-reactor'] });
    expect(mongo.collectionNames()).toEqual(['_checkpoints', '_counters', 'mail-queue', 'posts']);
    expect(mongo.indexNames('posts')).toEqual(['rating_-1__id_1']);
    expect(await served(store)).toEqual({ ids: [], ratings: [], checkpoint: null });
    await store.commit(
      [{ kind: 'upsert', collection: 'posts', document: { _id: 'p9', rating: 5 } }],
      { name: 'read-models', position: 1n },
    );
    expect(mongo.documents('posts')).toEqual([{ _id: 'p9', rating: 5 }]);
    expect(await store.getCheckpoint('mail-reactor')).toBe(8n);
    await store.close();
  });

  it('given a rebuild larger than a batch, when written, then it goes in bounded batches into the new generation', async () => {
    const mongo = new InMemoryMongo();
    const store = await openStore(mongo);
    await store.beginRebuild([POSTS]);
    const before = mongo.stepsTaken;
    await store.writeRebuild(
      Array.from({ length: REBUILD_BATCH_WRITES + 10 }, (_, n) => ({
        kind: 'upsert' as const,
        collection: 'posts',
        document: { _id: `p${n}` },
      })),
    );
    expect(mongo.stepsTaken - before).toBe(2);
    expect(mongo.documents('posts__g1')).toHaveLength(REBUILD_BATCH_WRITES + 10);
    await store.close();
  });

  it('given a batch of reads, when resolved, then every collection and joined collection is named from one generation', () => {
    const names = new ReadModelNames();
    names.take(generationDocument(3, { posts: 'posts__g3', users: 'users__g2' }, new Date()));
    const resolve = names.snapshot();
    // A later generation reaching the process mid-batch does not change the batch's names.
    names.take(generationDocument(4, { posts: 'posts__g4', users: 'users__g4' }, new Date()));
    names.take(generationDocument(2, { posts: 'posts__g2' }, new Date()));
    expect(names.current).toBe(4);
    const reads = resolveBatchReads(
      {
        post: batchRead.findOneJoined(
          'posts',
          { _id: 'p1' },
          { collection: 'users', localField: 'authorId' },
        ),
        reports: batchRead.count('reports', {}),
        likes: batchRead.counter('likes:p1'),
      },
      resolve,
    );
    expect(reads.post.spec).toMatchObject({
      collection: 'posts__g3',
      join: { collection: 'users__g2', localField: 'authorId' },
    });
    expect(reads.reports.spec).toMatchObject({ collection: 'reports' });
    expect(reads.likes.spec).toEqual({ kind: 'counter', key: 'likes:p1' });
    expect(parseGenerationCollection('weekly-posts__g12')).toEqual({
      name: 'weekly-posts',
      generation: 12,
    });
    expect(parseGenerationCollection('posts')).toBeNull();
  });
});
