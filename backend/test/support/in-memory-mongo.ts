import { Query } from 'mingo';
import type { Db, MongoClient } from 'mongodb';

type Doc = Record<string, unknown> & { _id: unknown };
type Collections = Map<string, { documents: Map<string, Doc>; indexes: Map<string, unknown> }>;

/** A driver error as the server answers it (`code`, as `hasErrorCode` reads). */
function serverError(code: number, message: string): Error {
  return Object.assign(new Error(message), { code });
}

const NAMESPACE_NOT_FOUND = 26;
const NAMESPACE_EXISTS = 48;
const DUPLICATE_KEY = 11000;

/**
 * The part of a MongoDB server the read store's rebuild and generations use, in memory, for the
 * tests that no server can run here: collections, `$set` updates, mingo for filters and sorts,
 * and transactions that apply whole or not at all. Every write is a step; `crashAt(n)` makes the
 * n-th step and everything after it fail, as a process killed there would (a transaction in
 * flight is not applied); `revive` lets a new store go on with what was stored.
 */
export class InMemoryMongo {
  private collections: Collections = new Map();
  private steps = 0;
  private crashStep: number | null = null;
  private crashed = false;

  readonly db = this.makeDb() as unknown as Db;
  readonly client = {
    startSession: () => ({
      withTransaction: async (work: () => Promise<void>) => {
        const before = this.copy();
        try {
          await work();
          this.step('commit');
        } catch (error) {
          this.collections = before;
          throw error;
        }
      },
      endSession: async () => undefined,
    }),
    close: async () => undefined,
  } as unknown as MongoClient;

  /** How many steps (writes and commits) have been taken so far. */
  get stepsTaken(): number {
    return this.steps;
  }

  crashAt(step: number): void {
    this.crashStep = step;
  }

  revive(): void {
    this.crashStep = null;
    this.crashed = false;
  }

  collectionNames(): string[] {
    return [...this.collections.keys()].sort();
  }

  documents(name: string): Doc[] {
    return [...(this.collections.get(name)?.documents.values() ?? [])].map((doc) =>
      structuredClone(doc),
    );
  }

  indexNames(name: string): string[] {
    return [...(this.collections.get(name)?.indexes.keys() ?? [])];
  }

  private step(what: string): void {
    if (this.crashed) throw new Error(`the process is gone (${what})`);
    this.steps += 1;
    if (this.steps === this.crashStep) {
      this.crashed = true;
      throw new Error(`killed at step ${this.steps} (${what})`);
    }
  }

  private read(): void {
    if (this.crashed) throw new Error('the process is gone');
  }

  private copy(): Collections {
    return new Map(
      [...this.collections].map(([name, { documents, indexes }]) => [
        name,
        { documents: new Map(structuredClone([...documents])), indexes: new Map(indexes) },
      ]),
    );
  }

  private made(name: string) {
    let collection = this.collections.get(name);
    if (!collection) {
      collection = { documents: new Map(), indexes: new Map() };
      this.collections.set(name, collection);
    }
    return collection;
  }

  private matching(name: string, filter: object): Doc[] {
    this.read();
    const documents = [...(this.collections.get(name)?.documents.values() ?? [])];
    const query = new Query(filter as Record<string, unknown>);
    return documents.filter((doc) => query.test(doc)).map((doc) => structuredClone(doc));
  }

  private makeDb() {
    return {
      listCollections: () => ({
        toArray: async () => {
          this.read();
          return this.collectionNames().map((name) => ({ name }));
        },
      }),
      createCollection: async (name: string) => {
        this.step(`create ${name}`);
        if (this.collections.has(name)) throw serverError(NAMESPACE_EXISTS, `${name} exists`);
        this.made(name);
      },
      dropCollection: async (name: string) => {
        this.step(`drop ${name}`);
        if (!this.collections.delete(name)) {
          throw serverError(NAMESPACE_NOT_FOUND, `ns not found: ${name}`);
        }
        return true;
      },
      collection: (name: string) => this.makeCollection(name),
    };
  }

  private makeCollection(name: string) {
    const put = (doc: Doc) => {
      this.made(name).documents.set(String(doc._id), structuredClone(doc));
    };
    const replace = (filter: { _id: unknown }, doc: object, upsert?: boolean) => {
      const [found] = this.matching(name, filter);
      if (!found && !upsert) return { matchedCount: 0 };
      put({ ...(doc as Doc), _id: found?._id ?? filter._id });
      return { matchedCount: found ? 1 : 0 };
    };
    return {
      createIndex: async (keys: Record<string, number>, options: { name?: string } = {}) => {
        this.step(`index ${name}`);
        const indexName = options.name ?? Object.entries(keys).flat().join('_');
        this.made(name).indexes.set(indexName, keys);
        return indexName;
      },
      indexes: async () => {
        this.read();
        const collection = this.collections.get(name);
        if (!collection) throw serverError(NAMESPACE_NOT_FOUND, `ns not found: ${name}`);
        return [
          { name: '_id_', key: { _id: 1 } },
          ...[...collection.indexes].map(([indexName, key]) => ({ name: indexName, key })),
        ];
      },
      find: (filter: object = {}) => {
        let sort: Record<string, 1 | -1> | undefined;
        let skip = 0;
        let limit = 0;
        const cursor = {
          sort: (by: Record<string, 1 | -1>) => ((sort = by), cursor),
          skip: (n: number) => ((skip = n), cursor),
          limit: (n: number) => ((limit = n), cursor),
          toArray: async () => {
            let found = new Query(filter as Record<string, unknown>)
              .find(this.matching(name, {}))
              .sort(sort ?? { _id: 1 })
              .all() as Doc[];
            found = found.slice(skip);
            return limit ? found.slice(0, limit) : found;
          },
        };
        return cursor;
      },
      findOne: async (filter: object) => this.matching(name, filter)[0] ?? null,
      countDocuments: async (filter: object) => this.matching(name, filter).length,
      insertOne: async (doc: Doc) => {
        this.step(`insert ${name}`);
        if (this.collections.get(name)?.documents.has(String(doc._id))) {
          throw serverError(DUPLICATE_KEY, 'duplicate key');
        }
        put(doc);
      },
      replaceOne: async (
        filter: { _id: unknown },
        doc: object,
        options: { upsert?: boolean } = {},
      ) => {
        this.step(`replace ${name}`);
        return replace(filter, doc, options.upsert);
      },
      updateOne: async (filter: object, update: { $set: object }) => {
        this.step(`update ${name}`);
        const [found] = this.matching(name, filter);
        if (!found) return { matchedCount: 0 };
        put({ ...found, ...update.$set });
        return { matchedCount: 1 };
      },
      deleteOne: async (filter: object) => {
        this.step(`delete ${name}`);
        const [found] = this.matching(name, filter);
        if (found) this.collections.get(name)!.documents.delete(String(found._id));
      },
      deleteMany: async (filter: object) => {
        this.step(`delete ${name}`);
        for (const found of this.matching(name, filter)) {
          this.collections.get(name)!.documents.delete(String(found._id));
        }
      },
      bulkWrite: async (
        operations: (
          | { replaceOne: { filter: { _id: unknown }; replacement: object; upsert?: boolean } }
          | { deleteOne: { filter: { _id: unknown } } }
        )[],
      ) => {
        this.step(`bulk ${name}`);
        for (const operation of operations) {
          if ('replaceOne' in operation) {
            const { filter, replacement, upsert } = operation.replaceOne;
            replace(filter, replacement, upsert);
          } else {
            this.collections.get(name)?.documents.delete(String(operation.deleteOne.filter._id));
          }
        }
      },
      watch: () => {
        throw new Error('change streams need a replica set');
      },
    };
  }
}
