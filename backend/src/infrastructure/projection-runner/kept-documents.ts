import type { ReadDocument, ReadModelWrite } from '../../application/ports/read-store.port';

/**
 * The read-model documents a projection runner read or wrote last, in memory: the runner is
 * their one writer while it runs (it holds the projections' lease), so what it last committed is
 * what the store holds, and a batch that touches them again (a popular post's likes) reads them
 * here instead of from the store. Kept in the order last used; past `max`, the one used longest
 * ago is dropped. Emptied when the runner starts (another runner may have written meanwhile),
 * when it rebuilds, and when a commit fails (it may or may not have landed).
 */
export class KeptDocuments {
  private readonly documents = new Map<string, ReadDocument | null>();

  constructor(private readonly max: number) {}

  /** The document as last read or committed (null: known not to exist), or undefined: not kept. */
  get(collection: string, id: string): ReadDocument | null | undefined {
    const key = keyOf(collection, id);
    const document = this.documents.get(key);
    if (document === undefined) return undefined;
    this.documents.delete(key);
    this.documents.set(key, document);
    return document;
  }

  /** Keeps documents as read from the store (unchanged since: the runner alone writes them). */
  keepRead(collection: string, documents: ReadonlyMap<string, ReadDocument | null>): void {
    for (const [id, document] of documents) this.set(keyOf(collection, id), document);
  }

  /** Keeps what a commit has just stored. */
  keepCommitted(writes: readonly ReadModelWrite[]): void {
    for (const write of writes) {
      if (write.kind === 'upsert') {
        this.set(keyOf(write.collection, write.document._id), write.document);
      } else {
        this.set(keyOf(write.collection, write.id), null);
      }
    }
  }

  clear(): void {
    this.documents.clear();
  }

  private set(key: string, document: ReadDocument | null): void {
    this.documents.delete(key);
    this.documents.set(key, document);
    if (this.documents.size > this.max) {
      this.documents.delete(this.documents.keys().next().value!);
    }
  }
}

function keyOf(collection: string, id: string): string {
  return `${collection}\u0000${id}`;
}
