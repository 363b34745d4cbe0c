import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seedLog, COMMUNITY_BENCH } from '../../bench/community.bench';
import { Report } from '../../bench/figures';
import { allProjections, PROJECTIONS_VERSION } from '../../projections/all-projections';
import type { ReadStore } from '../../application/ports/read-store.port';
import { SqliteEventStore } from '../event-store/sqlite-event-store';
import { ProjectionRunner } from '../projection-runner/projection-runner';
import { EmbeddedReadStore } from './embedded-read-store';
import { SqliteReadStore } from './sqlite-read-store';

/**
 * The read models the store on SQLite's engine builds from a seeded log are the ones the store
 * that kept them in memory built, document for document: run once before the old store went.
 */
describe('read models rebuilt by both embedded stores', () => {
  const dir = mkdtempSync(join(tmpdir(), 'same-documents-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('given a seeded community log, when each store rebuilds from it, then every collection holds the same documents', async () => {
    await seedLog(
      dir,
      { ...COMMUNITY_BENCH, users: 400, posts: 2000, likes: 8000, ratings: 8000 },
      new Report(() => undefined),
    );
    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    const rebuilt = async (store: ReadStore) => {
      await new ProjectionRunner(events, store, allProjections, {
        version: PROJECTIONS_VERSION,
      }).rebuild();
      const collections = [...new Set(allProjections.map((projection) => projection.collection))];
      const documents = new Map<string, unknown[]>();
      for (const collection of collections) {
        documents.set(collection, await store.find(collection, {}, { sort: { _id: 1 } }));
      }
      await store.close();
      return documents;
    };
    try {
      const old = await rebuilt(new EmbeddedReadStore(join(dir, 'old.sqlite')));
      const now = await rebuilt(new SqliteReadStore(join(dir, 'new.sqlite')));
      expect([...now.keys()]).toEqual([...old.keys()]);
      let compared = 0;
      for (const [collection, documents] of old) {
        expect({ collection, documents: now.get(collection) }).toEqual({ collection, documents });
        compared += documents.length;
      }
      expect(compared).toBeGreaterThan(10_000);
    } finally {
      await events.close();
    }
  }, 300_000);
});
