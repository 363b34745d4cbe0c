import { randomUUID } from 'node:crypto';
import { MongoClient } from 'mongodb';
import { describeCheckpointFeedContract } from './checkpoint-feed.contract';
import { MongoReadStore } from './mongo-read-store';
import { describeNameSearchContract } from './name-search.contract';
import { describeReadBatchContract } from './read-batch.contract';
import { describeReadStoreContract } from './read-store.contract';
import { describeRebuildCatchUpContract } from './rebuild-catch-up.contract';
import type { ReadStore } from '../../application/ports/read-store.port';

// Runs against a real replica set only, e.g.
// MONGODB_URL='mongodb://localhost:27017/?replicaSet=rs0' npx jest mongo-read-store.spec
const url = process.env.MONGODB_URL;

if (url) {
  // Each store gets a database of its own, dropped afterwards: the suite drops read models.
  const databases = new WeakMap<ReadStore, string>();
  const run = `solescore_test_${Date.now().toString(36)}`;

  const create = async () => {
    const name = `${run}_${randomUUID().slice(0, 8)}`;
    const store = await MongoReadStore.connect(url, name);
    databases.set(store, name);
    return store;
  };
  const dispose = async (store: ReadStore) => {
    await store.close();
    const name = databases.get(store);
    if (!name) return;
    const client = await MongoClient.connect(url);
    try {
      await client.db(name).dropDatabase();
    } finally {
      await client.close();
    }
  };
  describeReadStoreContract('MongoDB', create, dispose);
  describeRebuildCatchUpContract('MongoDB', create, dispose);
  describeNameSearchContract('MongoDB', create, dispose);
  describeReadBatchContract('MongoDB', create, dispose);
  describeCheckpointFeedContract('MongoDB', create, dispose);
} else {
  describe.skip('MongoDB adapter (set MONGODB_URL to run against a replica set)', () => {
    it('needs MONGODB_URL', () => {});
  });
}
