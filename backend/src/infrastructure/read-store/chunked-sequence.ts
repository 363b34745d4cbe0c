/** Items per chunk when a sequence is built in one pass: room for inserts before a split. */
const CHUNK_FILL = 512;
/** A chunk that grows past this is split in two halves. */
export const CHUNK_MAX = 1024;
/** A chunk that shrinks below this is merged with a neighbour (and split again if too long). */
export const CHUNK_MIN = 256;

/** Items at offsets [start, end) of one chunk. */
interface Run<T> {
  items: readonly T[];
  start: number;
  end: number;
}

/**
 * A sequence held in chunks of at most CHUNK_MAX items, so inserting or removing one item moves
 * one chunk's items (a splice of one array moves half of it, which on a large index costs more
 * than the rest of a commit). Every chunk holds at least CHUNK_MIN items except a lone one, and there are no empty
 * chunks, so an insert or a removal costs O(CHUNK_MAX + number of chunks) and a walk yields its
 * items chunk by chunk.
 *
 * A position is mapped to its chunk through `starts`, each chunk's first position. A change
 * inside a chunk makes the starts after it stale; they are summed again, from the first stale
 * one, when a position is next needed (one pass over the chunks, not over the items).
 */
export class ChunkedSequence<T> {
  private chunks: T[][] = [];
  private starts: number[] = [];
  /** `starts[c]` is up to date for every chunk c below this. */
  private startsValidBelow = 0;
  private count = 0;

  /** A sequence of these items, in this order, cut into chunks in one pass. */
  static from<T>(items: readonly T[]): ChunkedSequence<T> {
    const chunks: T[][] = [];
    let start = 0;
    for (; start + CHUNK_FILL <= items.length; start += CHUNK_FILL) {
      chunks.push(items.slice(start, start + CHUNK_FILL));
    }
    return ChunkedSequence.ofChunks(chunks, items.slice(start));
  }

  /**
   * A new sequence in one pass that fills new chunks: this one without the items at the
   * `removed` positions, with each `inserted` item put before the item at its place (past the
   * end for the length). Both lists are ascending.
   */
  edited(
    removed: readonly number[],
    inserted: readonly T[],
    places: readonly number[],
  ): ChunkedSequence<T> {
    const chunks: T[][] = [];
    let chunk: T[] = [];
    const append = (item: T) => {
      chunk.push(item);
      if (chunk.length === CHUNK_FILL) {
        chunks.push(chunk);
        chunk = [];
      }
    };
    let position = 0;
    let nextRemoved = 0;
    let nextInserted = 0;
    for (const items of this.chunks) {
      for (let i = 0; i < items.length; i += 1, position += 1) {
        while (places[nextInserted] === position) append(inserted[nextInserted++]);
        if (removed[nextRemoved] === position) nextRemoved += 1;
        else append(items[i]);
      }
    }
    while (nextInserted < inserted.length) append(inserted[nextInserted++]);
    return ChunkedSequence.ofChunks(chunks, chunk);
  }

  /** Full chunks and a last one shorter than them, which joins the one before if too short. */
  private static ofChunks<T>(chunks: T[][], tail: T[]): ChunkedSequence<T> {
    if (tail.length >= CHUNK_MIN || (tail.length > 0 && chunks.length === 0)) chunks.push(tail);
    else if (tail.length > 0) chunks[chunks.length - 1].push(...tail);
    const sequence = new ChunkedSequence<T>();
    sequence.chunks = chunks;
    sequence.count = chunks.reduce((count, chunk) => count + chunk.length, 0);
    return sequence;
  }

  get length(): number {
    return this.count;
  }

  /** The items when they are all in one chunk (a small sequence): read them in one loop. */
  onlyChunk(): readonly T[] | null {
    return this.chunks.length === 1 ? this.chunks[0] : null;
  }

  /** The first item, undefined when empty. */
  first(): T | undefined {
    return this.chunks[0]?.[0];
  }

  /** The last item, undefined when empty. */
  last(): T | undefined {
    const items = this.chunks[this.chunks.length - 1];
    return items?.[items.length - 1];
  }

  /** The item at a position, undefined past the end. */
  at(position: number): T | undefined {
    if (position < 0 || position >= this.count) return undefined;
    const chunk = this.chunkAt(position);
    return this.chunks[chunk][position - this.starts[chunk]];
  }

  /** Puts an item in place of the one at this position. */
  replace(position: number, item: T): void {
    const chunk = this.chunkAt(position);
    this.chunks[chunk][position - this.starts[chunk]] = item;
  }

  /** Inserts an item so that it lands at this position (the length to append). */
  insert(position: number, item: T): void {
    if (this.chunks.length === 0) this.chunks.push([]);
    const chunk = this.chunkAt(position);
    const items = this.chunks[chunk];
    items.splice(position - this.starts[chunk], 0, item);
    this.count += 1;
    if (items.length > CHUNK_MAX) this.chunks.splice(chunk, 1, ...halves(items));
    this.staleAfter(chunk);
  }

  /** Removes the item at this position. */
  remove(position: number): void {
    const chunk = this.chunkAt(position);
    const items = this.chunks[chunk];
    items.splice(position - this.starts[chunk], 1);
    this.count -= 1;
    if (this.chunks.length === 1) {
      if (items.length === 0) this.chunks = [];
    } else if (items.length < CHUNK_MIN) {
      // Merged with the chunk before (the one after for the first), then split if too long.
      const first = chunk > 0 ? chunk - 1 : 0;
      const joined = this.chunks[first].concat(this.chunks[first + 1]);
      const parts = joined.length > CHUNK_MAX ? halves(joined) : [joined];
      this.chunks.splice(first, 2, ...parts);
      this.staleAfter(first);
      return;
    }
    this.staleAfter(chunk);
  }

  /**
   * The first position in [low, high) whose item `isBefore` rejects, or `high` when there is
   * none. `isBefore` must hold for a prefix of the whole sequence (an ordered sequence compared
   * with a probe): the answer is then that prefix's end, held within the range. A binary search
   * over the chunks' last items, then one inside the chunk found.
   */
  partitionPoint(isBefore: (item: T) => boolean, low = 0, high = this.count): number {
    let first = 0;
    let last = this.chunks.length;
    while (first < last) {
      const middle = (first + last) >>> 1;
      const items = this.chunks[middle];
      if (isBefore(items[items.length - 1])) first = middle + 1;
      else last = middle;
    }
    let point = this.count;
    if (first < this.chunks.length) {
      const items = this.chunks[first];
      let from = 0;
      let to = items.length;
      while (from < to) {
        const middle = (from + to) >>> 1;
        if (isBefore(items[middle])) from = middle + 1;
        else to = middle;
      }
      this.refreshStarts();
      point = this.starts[first] + from;
    }
    return Math.min(Math.max(point, low), high);
  }

  /**
   * The runs of chunk items that make up positions [from, to), first to last or, when
   * `backward`, last run first: each a chunk and the offsets [start, end) to read in it. One
   * generator step per chunk, so that a walk reads its items in plain loops. Lazy: read it
   * before the sequence changes again.
   */
  *runs(from: number, to: number, backward = false): Generator<Run<T>> {
    if (from >= to) return;
    let left = to - from;
    let chunk = this.chunkAt(backward ? to - 1 : from);
    if (backward) {
      let end = to - this.starts[chunk];
      while (left > 0) {
        const start = Math.max(end - left, 0);
        yield { items: this.chunks[chunk], start, end };
        left -= end - start;
        chunk -= 1;
        if (left > 0) end = this.chunks[chunk].length;
      }
      return;
    }
    let start = from - this.starts[chunk];
    while (left > 0) {
      const items = this.chunks[chunk];
      const end = Math.min(items.length, start + left);
      yield { items, start, end };
      left -= end - start;
      chunk += 1;
      start = 0;
    }
  }

  /** The items at positions [from, to), last to first when `backward`. */
  *values(from: number, to: number, backward = false): Generator<T> {
    for (const { items, start, end } of this.runs(from, to, backward)) {
      if (backward) for (let i = end - 1; i >= start; i -= 1) yield items[i];
      else for (let i = start; i < end; i += 1) yield items[i];
    }
  }

  /** The chunk holding a position, or the last chunk for the position just past the end. */
  private chunkAt(position: number): number {
    this.refreshStarts();
    let first = 0;
    let last = this.chunks.length - 1;
    while (first < last) {
      const middle = (first + last + 1) >>> 1;
      if (this.starts[middle] <= position) first = middle;
      else last = middle - 1;
    }
    return first;
  }

  private staleAfter(chunk: number): void {
    this.startsValidBelow = Math.min(this.startsValidBelow, chunk + 1);
  }

  private refreshStarts(): void {
    const chunks = this.chunks;
    if (this.startsValidBelow >= chunks.length && this.starts.length === chunks.length) return;
    this.starts.length = chunks.length;
    if (chunks.length > 0) this.starts[0] = 0;
    for (let c = Math.max(this.startsValidBelow, 1); c < chunks.length; c += 1) {
      this.starts[c] = this.starts[c - 1] + chunks[c - 1].length;
    }
    this.startsValidBelow = chunks.length;
  }
}

function halves<T>(items: T[]): [T[], T[]] {
  const half = items.length >>> 1;
  return [items.slice(0, half), items.slice(half)];
}
