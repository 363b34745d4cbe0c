import type { ReadDocument, ReadModelWrite } from '../../application/ports/read-store.port';

/** The documents a batch touches, by collection and id, each with its latest state. */
export type WorkingSet = Map<string, Map<string, ReadDocument | null>>;

/**
 * One write per document changed: its last state, or its deletion. A projection never changes a
 * document it is given (its specification freezes them), so one that is still the very document
 * `loaded` (or still missing) was left as it was.
 */
export function toWrites(working: WorkingSet, loaded: WorkingSet): ReadModelWrite[] {
  const writes: ReadModelWrite[] = [];
  for (const [collection, documents] of working) {
    const before = loaded.get(collection);
    for (const [id, doc] of documents) {
      if (before?.has(id) && before.get(id) === doc) continue;
      writes.push(
        doc
          ? { kind: 'upsert', collection, document: doc._id === id ? doc : { ...doc, _id: id } }
          : { kind: 'delete', collection, id },
      );
    }
  }
  return writes;
}

/**
 * A rebuild's writes: the documents left at the end of the replay, each once, in no particular
 * order (a store sorts what it needs sorted). The store is empty: a document deleted during the
 * replay has nothing to delete.
 */
export function rebuiltWrites(working: WorkingSet): ReadModelWrite[] {
  const writes: ReadModelWrite[] = [];
  for (const [collection, documents] of working) {
    for (const [id, doc] of documents) {
      if (doc) {
        writes.push({
          kind: 'upsert',
          collection,
          document: doc._id === id ? doc : { ...doc, _id: id },
        });
      }
    }
  }
  return writes;
}
