import type { IndexSpec, RebuiltReadModel } from '../../application/ports/read-store.port';

/**
 * The collections a rebuild begins, each with the indexes every model naming it declares (two
 * projections may share a collection), each index once.
 */
export function indexesByCollection(models: readonly RebuiltReadModel[]): Map<string, IndexSpec[]> {
  const byCollection = new Map<string, Map<string, IndexSpec>>();
  for (const { collection, indexes } of models) {
    let known = byCollection.get(collection);
    if (!known) byCollection.set(collection, (known = new Map()));
    for (const index of indexes) known.set(JSON.stringify(index), index);
  }
  return new Map([...byCollection].map(([name, indexes]) => [name, [...indexes.values()]]));
}
