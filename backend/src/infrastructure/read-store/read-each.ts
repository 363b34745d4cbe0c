import type {
  BatchReads,
  BatchReadSpec,
  BatchResults,
  Join,
} from '../../application/ports/read-batch';
import type { ReadDocument, ReadStore } from '../../application/ports/read-store.port';

type SingleReads = Pick<ReadStore, 'findOne' | 'find' | 'count' | 'countBefore' | 'counter'>;

/**
 * A batch of reads answered one by one through the store's own methods: for a store in the
 * same process, where a read costs no round trip (the embedded store).
 */
export async function readEach<Reads extends BatchReads>(
  store: SingleReads,
  reads: Reads,
): Promise<BatchResults<Reads>> {
  const names = Object.keys(reads);
  const answers = await Promise.all(names.map((name) => readOne(store, reads[name].spec)));
  return Object.fromEntries(names.map((name, i) => [name, answers[i]])) as BatchResults<Reads>;
}

async function readOne(store: SingleReads, spec: BatchReadSpec): Promise<unknown> {
  switch (spec.kind) {
    case 'findOne': {
      const document = await store.findOne(spec.collection, spec.filter);
      if (!document || !spec.join) return document;
      const [joined] = await joinedTo(store, [document], spec.join);
      return joined;
    }
    case 'find': {
      const documents = await store.find(spec.collection, spec.filter, spec.options);
      return spec.join ? joinedTo(store, documents, spec.join) : documents;
    }
    case 'count':
      return store.count(spec.collection, spec.filter, spec.options);
    case 'countBefore':
      return store.countBefore(spec.collection, spec.filter, spec.sort, spec.positions);
    case 'counter':
      return store.counter(spec.key);
  }
}

/** Each document with the one of `join.collection` whose `_id` it names, in one query. */
async function joinedTo(
  store: SingleReads,
  documents: readonly ReadDocument[],
  join: Join,
): Promise<{ document: ReadDocument; joined: ReadDocument | null }[]> {
  const ids = [...new Set(documents.map((document) => document[join.localField]))];
  const found = ids.length === 0 ? [] : await store.find(join.collection, { _id: { $in: ids } });
  const byId = new Map(found.map((document) => [document._id, document]));
  return documents.map((document) => ({
    document,
    joined: byId.get(document[join.localField] as string) ?? null,
  }));
}
