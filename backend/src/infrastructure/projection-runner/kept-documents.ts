import type { ReadDocument, ReadModelWrite } from '../../application/ports/read-store.port';

/**
 * The read-model documents a projection runner read or wrote last, in memory: it is their one
 * writer while it holds the lease, so what it last committed is what the store holds, and a batch
 * touching them again (a popular post's likes) reads them here. Past `max`, the least recently used
 * go. Emptied when the runner starts or rebuilds (another may have written) and when a commit fails
 * (it may have landed).
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
