import type { RecordedEvent } from '../../domain/shared/event';
import type { Projection } from '../../projections/projection';

/**
 * The ids of the documents a batch's events touch and the store may hold, by collection (as
 * `documentId` names them).
 */
export function touchedBy(
  batch: readonly RecordedEvent[],
  byType: ReadonlyMap<string, readonly Projection[]>,
): Map<string, Set<string>> {
  const touched = new Map<string, Set<string>>();
  for (const event of batch) {
    for (const projection of byType.get(event.type) ?? []) {
      let ids: string | readonly string[] | null;
      try {
        ids = projection.documentId(event);
      } catch {
        continue; // said when the event is projected
      }
      if (ids === null) continue;
      // A stream's first event makes its document: there is none to read yet.
      if (event.revision === 0n && projection.createdWithStream?.includes(event.type)) continue;
      let collection = touched.get(projection.collection);
      if (!collection) touched.set(projection.collection, (collection = new Set()));
      for (const id of typeof ids === 'string' ? [ids] : ids) collection.add(id);
    }
  }
  return touched;
}

/**
 * Documents read in one batch of reads at most: MongoDB answers a batch in one document, which
 * its document size limit bounds.
 */
const LOADED_AT_ONCE = 1000;

/** The ids to load by collection, in batches of at most `LOADED_AT_ONCE` ids. */
export function loadParts(
  touched: ReadonlyMap<string, ReadonlySet<string>>,
): [string, string[]][][] {
  const parts: [string, string[]][][] = [];
  let part: [string, string[]][] = [];
  let size = 0;
  for (const [collection, ids] of touched) {
    for (const id of ids) {
      if (size === LOADED_AT_ONCE) {
        parts.push(part);
        [part, size] = [[], 0];
      }
      const last = part[part.length - 1];
      if (last?.[0] === collection) last[1].push(id);
      else part.push([collection, [id]]);
      size += 1;
    }
  }
  if (size > 0) parts.push(part);
  return parts;
}
