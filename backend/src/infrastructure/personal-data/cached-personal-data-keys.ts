import {
  PersonalDataErasedError,
  type KeyLookup,
  type PersonalDataKeys,
} from '../../application/ports/personal-data-keys.port';

export interface KeyCacheOptions {
  /** How many people's keys are kept in memory at most (least recently used go first). */
  maxEntries?: number;
  /**
   * How long a key is trusted from memory. Another process may destroy it meanwhile; past this
   * age the store is asked again. Destroyed keys are remembered for good: that never changes.
   */
  ttlMs?: number;
  now?: () => number;
}

type Entry = { key: Buffer; expiresAt: number } | { key: null; expiresAt: number };

/**
 * Keys in memory, bounded, in front of a key store: reading a stream or replaying the log asks
 * for the same few keys over and over. Only known facts are kept (a key, or that it was
 * destroyed); "no key yet" is not, since another process may create it at any time.
 */
export class CachedPersonalDataKeys implements PersonalDataKeys {
  private readonly entries = new Map<string, Entry>();
  private readonly maxEntries: number;
  private readonly ttlMs: number;
  private readonly now: () => number;

  constructor(
    private readonly store: PersonalDataKeys,
    options: KeyCacheOptions = {},
  ) {
    this.maxEntries = options.maxEntries ?? 10_000;
    this.ttlMs = options.ttlMs ?? 60_000;
    this.now = options.now ?? Date.now;
  }

  async keyFor(subjectId: string): Promise<Buffer> {
    const cached = this.cached(subjectId);
    if (cached) {
      if (cached.key === null) throw new PersonalDataErasedError(subjectId);
      return cached.key;
    }
    try {
      const key = await this.store.keyFor(subjectId);
      this.remember(subjectId, key);
      return key;
    } catch (error) {
      if (error instanceof PersonalDataErasedError) this.remember(subjectId, null);
      throw error;
    }
  }

  async find(subjectId: string): Promise<Buffer | null> {
    const cached = this.cached(subjectId);
    if (cached) return cached.key;
    const key = await this.store.find(subjectId);
    if (key) this.remember(subjectId, key);
    return key;
  }

  async findMany(subjectIds: readonly string[]): Promise<Map<string, KeyLookup>> {
    const answer = new Map<string, KeyLookup>();
    const missing: string[] = [];
    for (const subjectId of subjectIds) {
      const cached = this.cached(subjectId);
      if (cached) answer.set(subjectId, cached.key ?? 'destroyed');
      else missing.push(subjectId);
    }
    if (missing.length === 0) return answer;
    for (const [subjectId, lookup] of await this.store.findMany(missing)) {
      // A key and its destruction are facts; "none yet" may change at any time.
      if (lookup !== 'none') this.remember(subjectId, lookup === 'destroyed' ? null : lookup);
      answer.set(subjectId, lookup);
    }
    return answer;
  }

  async destroy(subjectId: string): Promise<void> {
    this.entries.delete(subjectId);
    await this.store.destroy(subjectId);
    this.remember(subjectId, null);
  }

  erasedUpTo(): Promise<bigint | null> {
    return this.store.erasedUpTo();
  }

  recordErasedUpTo(position: bigint): Promise<void> {
    return this.store.recordErasedUpTo(position);
  }

  close(): Promise<void> {
    this.entries.clear();
    return this.store.close();
  }

  private cached(subjectId: string): Entry | null {
    const entry = this.entries.get(subjectId);
    if (!entry) return null;
    this.entries.delete(subjectId);
    if (entry.key !== null && entry.expiresAt <= this.now()) return null;
    this.entries.set(subjectId, entry); // most recently used last
    return entry;
  }

  private remember(subjectId: string, key: Buffer | null) {
    this.entries.delete(subjectId);
    this.entries.set(subjectId, { key, expiresAt: this.now() + this.ttlMs } as Entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }
}
