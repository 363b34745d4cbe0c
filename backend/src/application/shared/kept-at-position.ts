/** A value kept with the position of the read models it was computed at. */
interface Kept<T> {
  position: bigint;
  value: Promise<T>;
}

/**
 * Answers computed from the read models, kept by key with the position of the last projected event,
 * and computed again on the first request after it moved: never older than the read models, so
 * read-your-writes holds. Concurrent requests share one computation; a failed one is not kept. Past
 * `capacity` keys, the oldest is dropped.
 */
export class KeptAtPosition<T> {
  private readonly kept = new Map<string, Kept<T>>();

  constructor(private readonly capacity: number) {}

  /**
   * The answer kept for `key` at `position`, else `compute`'s, kept in its place. `compute` is
   * given the answer it replaces, if any (a board page keeps its bytes when they did not change).
   */
  get(key: string, position: bigint, compute: (previous?: Promise<T>) => Promise<T>): Promise<T> {
    const kept = this.kept.get(key);
    if (kept?.position === position) return kept.value;
    const value = compute(kept?.value);
    if (!kept && this.kept.size >= this.capacity) this.kept.delete(this.kept.keys().next().value!);
    const entry: Kept<T> = { position, value };
    this.kept.set(key, entry);
    value.catch(() => {
      if (this.kept.get(key) === entry) this.kept.delete(key);
    });
    return value;
  }
}
