import {
  DocumentTooLargeError,
  MAX_DOCUMENT_BYTES,
  type ReadModelWrite,
} from '../../application/ports/read-store.port';

/** A document to write to the file: its body, or null to delete it. */
export interface PendingRow {
  collection: string;
  id: string;
  body: string | null;
}

/** What a flush writes: the documents' rows and the checkpoints' positions. */
export interface FileWrites {
  rows: PendingRow[];
  checkpoints: ReadonlyMap<string, string>;
}

/** Queued writes from which a commit writes the file at once instead of after the turn. */
const FLUSH_NOW_FROM_WRITES = 1000;

/** More rows than this are written in key order. */
export const SORTED_WRITES_FROM = 64;

/** MongoDB's document limit, held here (a UTF-16 unit is at most three UTF-8 bytes). */
export function assertWithinDocumentLimit(collection: string, id: string, body: string): void {
  if (body.length * 3 > MAX_DOCUMENT_BYTES && Buffer.byteLength(body) > MAX_DOCUMENT_BYTES) {
    throw new DocumentTooLargeError(collection, id);
  }
}

/**
 * The embedded read store's commits applied to memory and not yet written to its file: by
 * collection and id, each document's last body (null: deleted), and each checkpoint's last
 * position. The store writes them together after the turn in which they were made, or at once
 * once `FLUSH_NOW_FROM_WRITES` are queued.
 */
export class PendingFileWrites {
  private documents = new Map<string, Map<string, string | null>>();
  private positions = new Map<string, string>();
  /** Writes queued since the last clear (a document written twice counts twice). */
  private writes = 0;

  /**
   * Queues a commit. Its documents are serialised first: one that cannot be throws before
   * anything is queued. Answers whether the file should be written now (a turn of many commits,
   * a catch-up, is written as it goes, not held to its end).
   */
  add(writes: readonly ReadModelWrite[], checkpoint: { name: string; position: bigint }): boolean {
    const bodies = writes.map((write) => {
      if (write.kind !== 'upsert') return null;
      const body = JSON.stringify(write.document);
      assertWithinDocumentLimit(write.collection, write.document._id, body);
      return body;
    });
    writes.forEach((write, i) => {
      let documents = this.documents.get(write.collection);
      if (!documents) this.documents.set(write.collection, (documents = new Map()));
      documents.set(write.kind === 'upsert' ? write.document._id : write.id, bodies[i]);
    });
    this.positions.set(checkpoint.name, checkpoint.position.toString());
    this.writes += writes.length;
    return this.writes >= FLUSH_NOW_FROM_WRITES;
  }

  get empty(): boolean {
    return this.positions.size === 0;
  }

  /** The position last queued for a checkpoint, if any. */
  checkpoint(name: string): bigint | undefined {
    const position = this.positions.get(name);
    return position === undefined ? undefined : BigInt(position);
  }

  /** The documents to write, in key order when many, and the checkpoints' positions. */
  take(): FileWrites {
    const rows: PendingRow[] = [];
    for (const [collection, byId] of this.documents) {
      for (const [id, body] of byId) rows.push({ collection, id, body });
    }
    if (rows.length > SORTED_WRITES_FROM) {
      rows.sort((a, b) => compareKeys(a.collection, a.id, b.collection, b.id));
    }
    return { rows, checkpoints: this.positions };
  }

  /** After a write of what `take` answered, or when the read models are dropped. */
  clear(): void {
    this.documents = new Map();
    this.positions = new Map();
    this.writes = 0;
  }
}

/** The order of the documents table's key: collection, then id. */
export function compareKeys(ac: string, ai: string, bc: string, bi: string): number {
  if (ac !== bc) return ac < bc ? -1 : 1;
  return ai < bi ? -1 : ai > bi ? 1 : 0;
}
