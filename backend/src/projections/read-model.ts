/**
 * What a read model is made of: documents with a string `_id`, in collections that declare the
 * indexes their queries walk. Projections build them; the read store port stores and queries
 * them.
 */

export interface ReadDocument {
  _id: string;
  [field: string]: unknown;
}

export type Sort = Record<string, 1 | -1>;

/**
 * An index a projection declares on its collection: the fields in order, each ascending (1) or
 * descending (-1). `_id` ascending is always the last key, so an index orders documents totally.
 * MongoDB gets it as a real index; the embedded store keeps the collection sorted by it as
 * documents change, so a query whose equality fields are a prefix of the keys and whose sort is
 * the rest of them (or their exact reverse) walks the index instead of sorting.
 */
export interface IndexSpec {
  keys: Sort;
  /**
   * An index of the terms of an array of strings held by its one key (a multikey index in
   * MongoDB): it finds the documents holding all of some terms (`$all`) or one in a range
   * (`$elemMatch` with `$gte` and `$lt`), in no particular order.
   */
  terms?: true;
  /**
   * The first key is only ever matched by one value or an `$in` list of them (an id, such as a
   * post's `authorId`), never walked in its own order. The embedded store then keeps each
   * value's documents apart, sorted by the other keys and found by a hash lookup, and answers
   * an `$in` with a sort by merging the values' walks (as MongoDB merges one index scan per
   * value). MongoDB keeps it as the same compound index.
   */
  grouped?: true;
  /**
   * The keys are string fields an admin searches by a case-insensitive "contains" (a `$regex`
   * of a literal with the `i` option). The embedded store keeps a trigram index of them, which
   * narrows a search of three characters or more to the documents holding its pieces (the
   * regular expression still decides); a shorter search reads every document. MongoDB keeps
   * none (its text indexes match whole words) and tests every document.
   */
  text?: true;
}

/**
 * A document id made of parts joined by `-`, as one flat string. A template literal (or `+`)
 * this long makes a rope of its parts instead, which every hash of the id in a map and every
 * comparison in a sort walks again: a rebuild looks up each like's id in a working set of half a
 * million and sorts them all, and with ropes the sort alone took several seconds.
 */
export function flatId(...parts: readonly string[]): string {
  return parts.join('-');
}
