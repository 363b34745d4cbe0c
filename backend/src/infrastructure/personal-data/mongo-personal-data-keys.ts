import { Binary, type Collection, MongoClient, ReadConcern } from 'mongodb';
import {
  PersonalDataErasedError,
  type KeyLookup,
  type PersonalDataKeys,
} from '../../application/ports/personal-data-keys.port';
import { KeyWrapping } from './key-wrapping';

/** People's keys asked for in one query (a page of the log names far fewer). */
const FIND_MANY_AT_ONCE = 200;

interface ProgressDocument {
  _id: string;
  position: string;
}

interface KeyDocument {
  _id: string;
  wrappedKey: Binary | null;
  createdAt: Date;
  erasedAt: Date | null;
}

/**
 * The production key store: its own collection in its own database (by default the read models'
 * name with `_keys`), so a read model rebuild never touches it and access can be granted apart.
 * Keys are wrapped under a key derived from APP_SECRET. MongoDB does not overwrite a deleted value
 * on disk at once: run it on an encrypted storage engine or volumes (docs/privacy.md).
 */
export class MongoPersonalDataKeys implements PersonalDataKeys {
  private constructor(
    private readonly client: MongoClient,
    private readonly keys: Collection<KeyDocument>,
    private readonly progress: Collection<ProgressDocument>,
    private readonly wrapping: KeyWrapping,
  ) {}

  static async connect(
    url: string,
    dbName: string,
    wrapping: KeyWrapping,
  ): Promise<MongoPersonalDataKeys> {
    const client = new MongoClient(url);
    await client.connect();
    // A destroyed key must not come back after a failover, nor a created one be read twice
    // differently: majority reads and writes only.
    const db = client.db(dbName, {
      readConcern: new ReadConcern('majority'),
      writeConcern: { w: 'majority', journal: true },
    });
    return new MongoPersonalDataKeys(
      client,
      db.collection<KeyDocument>('personal_data_keys'),
      db.collection<ProgressDocument>('personal_data_keys_progress'),
      wrapping,
    );
  }

  async keyFor(subjectId: string): Promise<Buffer> {
    let found = await this.keys.findOne({ _id: subjectId });
    if (!found) {
      // One upsert, so two processes creating the key at once both get the winner's (the server
      // retries an upsert on `_id` that meets a duplicate key, MongoDB 4.2+). An insert then a read
      // after its duplicate key could miss the winner's key, majority-committed, which would read
      // as erased. With `w: majority` the answer waits for the key it holds, even for a no-op
      // (SERVER-18522).
      found = await this.keys.findOneAndUpdate(
        { _id: subjectId },
        {
          $setOnInsert: {
            wrappedKey: new Binary(this.wrapping.wrap(subjectId, KeyWrapping.newKey())),
            createdAt: new Date(),
            erasedAt: null,
          },
        },
        { upsert: true, returnDocument: 'after' },
      );
    }
    if (!found?.wrappedKey) throw new PersonalDataErasedError(subjectId);
    return this.wrapping.unwrap(subjectId, Buffer.from(found.wrappedKey.buffer));
  }

  async find(subjectId: string): Promise<Buffer | null> {
    const found = await this.keys.findOne({ _id: subjectId });
    return found?.wrappedKey
      ? this.wrapping.unwrap(subjectId, Buffer.from(found.wrappedKey.buffer))
      : null;
  }

  async findMany(subjectIds: readonly string[]): Promise<Map<string, KeyLookup>> {
    const found = new Map<string, KeyLookup>(subjectIds.map((id) => [id, 'none']));
    // A page of the log names a few hundred people at most: one query, within the `$in` bound.
    for (let from = 0; from < subjectIds.length; from += FIND_MANY_AT_ONCE) {
      const ids = subjectIds.slice(from, from + FIND_MANY_AT_ONCE);
      for await (const document of this.keys.find({ _id: { $in: ids } })) {
        found.set(
          document._id,
          document.wrappedKey
            ? this.wrapping.unwrap(document._id, Buffer.from(document.wrappedKey.buffer))
            : 'destroyed',
        );
      }
    }
    return found;
  }

  async destroy(subjectId: string): Promise<void> {
    const now = new Date();
    await this.keys.updateOne(
      { _id: subjectId },
      [
        {
          $set: {
            wrappedKey: null,
            createdAt: { $ifNull: ['$createdAt', now] },
            erasedAt: { $ifNull: ['$erasedAt', now] },
          },
        },
      ],
      { upsert: true },
    );
  }

  async erasedUpTo(): Promise<bigint | null> {
    const found = await this.progress.findOne({ _id: 'erased-up-to' });
    return found ? BigInt(found.position) : null;
  }

  async recordErasedUpTo(position: bigint): Promise<void> {
    await this.progress.updateOne(
      { _id: 'erased-up-to' },
      { $set: { position: position.toString() } },
      { upsert: true },
    );
  }

  async close(): Promise<void> {
    await this.client.close();
  }
}
