import type { Logger } from '@nestjs/common';
import type Database from 'better-sqlite3';
import type { BoundedCount } from '../../application/ports/read-batch';
import type { IncrementOptions } from '../../application/ports/read-store.port';

/** Increments from which expired counters are swept. */
const SWEEP_EVERY_INCREMENTS = 1000;

/** How long an increment that a crash may lose waits at most for the file. */
export const UNWRITTEN_COUNTERS_FOR_MS = 1000;

/** The statements the counters run on the store's `counters` table. */
export function counterStatements(db: Database.Database) {
  return {
    setCounter: db.prepare<[string, number, number]>(
      `INSERT INTO counters (key, value, expires_at) VALUES (?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at`,
    ),
    purgeCounters: db.prepare('DELETE FROM counters WHERE expires_at <= ?'),
    liveCounters: db.prepare<[number], { key: string; value: number; expires_at: number }>(
      'SELECT key, value, expires_at FROM counters WHERE expires_at > ?',
    ),
  };
}

type CounterStatements = ReturnType<typeof counterStatements>;

/**
 * The embedded read store's operational counters (rate limits, ended sessions' marks), held in
 * memory: this process has the file to itself, so a read asks nothing of SQLite. An increment is
 * written before its answer (a mark must survive a crash), one transaction per turn; a rate limit's
 * count (`mayLoseOnCrash`) is answered at once and written within `UNWRITTEN_COUNTERS_FOR_MS`, as a
 * member repeating a write counts the same few counters over and over.
 */
export class EmbeddedCounters {
  private readonly values = new Map<string, CounterValue>();
  /** Counters changed in memory and not yet written to the file. */
  private readonly unwritten = new Set<string>();
  private unwrittenTimer: NodeJS.Timeout | null = null;
  /** Whether the last write of the unwritten counters failed (said once, until one succeeds). */
  private writeFailing = false;
  private incrementsSinceSweep = 0;
  /** Increments to write before their answers, asked for in this turn. */
  private increments: AskedIncrement[] = [];
  private readonly writeRows: (rows: ReadonlyMap<string, CounterValue>) => void;
  private closed = false;

  /** `written` runs a write of the store (`EmbeddedReadStore.written`). */
  constructor(
    db: Database.Database,
    private readonly statements: CounterStatements,
    private readonly written: <T>(write: () => T) => T,
    private readonly now: () => number,
    private readonly logger: Logger,
  ) {
    for (const row of statements.liveCounters.iterate(now())) {
      this.values.set(row.key, { value: row.value, expiresAt: row.expires_at });
    }
    this.writeRows = db.transaction((rows: ReadonlyMap<string, CounterValue>) => {
      for (const [key, { value, expiresAt }] of rows) {
        statements.setCounter.run(key, value, expiresAt);
      }
    });
  }

  increment(key: string, expiresAt: Date, by = 1, options: IncrementOptions = {}): Promise<number> {
    if (this.closed) return Promise.reject(new Error('The read store is closed'));
    if (options.mayLoseOnCrash) {
      const value = this.add(this.values, key, expiresAt.getTime(), by, this.now());
      this.unwritten.add(key);
      this.writeUnwrittenSoon();
      this.counted(1);
      return Promise.resolve(value);
    }
    return new Promise<number>((resolve, reject) => {
      this.increments.push({ key, expiresAt: expiresAt.getTime(), by, resolve, reject });
      if (this.increments.length === 1) queueMicrotask(() => this.incrementPending());
    });
  }

  /** Counts, in memory now and in the file within a second, those below their bound. */
  countWithin(counts: readonly BoundedCount[]): boolean[] {
    if (this.closed) throw new Error('The read store is closed');
    const now = this.now();
    const counted = counts.map(({ key, expiresAt, by = 1, below }) => {
      if (below !== undefined && this.counter(key) >= below) return false;
      this.add(this.values, key, expiresAt.getTime(), by, now);
      this.unwritten.add(key);
      return true;
    });
    this.writeUnwrittenSoon();
    this.counted(counts.length);
    return counted;
  }

  counter(key: string): number {
    const counted = this.values.get(key);
    return counted && counted.expiresAt > this.now() ? counted.value : 0;
  }

  /** Writes what is still unwritten, and takes no increment after. */
  close(): void {
    this.closed = true;
    this.writeUnwrittenOrWarn();
  }

  /**
   * This turn's increments, written in one transaction with the counters still unwritten, then
   * answered: memory changes only once the file has them.
   */
  private incrementPending(): void {
    const batch = this.increments;
    this.increments = [];
    const now = this.now();
    const rows = this.unwrittenRows();
    const values = batch.map(({ key, expiresAt, by }) =>
      this.add(rows, key, expiresAt, by, now, rows.get(key) ?? this.values.get(key)),
    );
    try {
      if (this.closed) throw new Error('The read store is closed');
      this.written(() => this.writeRows(rows));
    } catch (error) {
      for (const asked of batch) asked.reject(error);
      return;
    }
    for (const [key, counted] of rows) this.values.set(key, counted);
    this.unwritten.clear();
    batch.forEach((asked, i) => asked.resolve(values[i]));
    this.counted(batch.length);
  }

  /** Adds `by` to the counter `key` of `into` (from `current`, a new one when expired). */
  private add(
    into: Map<string, CounterValue>,
    key: string,
    expiresAt: number,
    by: number,
    now: number,
    current = into.get(key),
  ): number {
    const counted =
      current && current.expiresAt > now
        ? { value: current.value + by, expiresAt: current.expiresAt }
        : { value: by, expiresAt };
    into.set(key, counted);
    return counted.value;
  }

  private writeUnwrittenSoon(): void {
    if (this.unwrittenTimer) return;
    this.unwrittenTimer = setTimeout(() => this.writeUnwrittenOrWarn(), UNWRITTEN_COUNTERS_FOR_MS);
    this.unwrittenTimer.unref();
  }

  /** Writes the unwritten counters, saying once when that fails (kept for the next try). */
  private writeUnwrittenOrWarn(): void {
    if (this.unwrittenTimer) clearTimeout(this.unwrittenTimer);
    this.unwrittenTimer = null;
    if (this.unwritten.size === 0) return;
    const rows = this.unwrittenRows();
    try {
      this.written(() => this.writeRows(rows));
    } catch (error) {
      if (!this.closed) this.writeUnwrittenSoon();
      if (this.writeFailing) return;
      this.writeFailing = true;
      this.logger.warn(
        `Writing the rate counters to their file failed; kept for the next write: ${(error as Error).message}`,
      );
      return;
    }
    this.unwritten.clear();
    if (this.writeFailing) {
      this.writeFailing = false;
      this.logger.log('The rate counters are written to their file again');
    }
  }

  /** The counters changed in memory and not yet in the file, with their values now. */
  private unwrittenRows(): Map<string, CounterValue> {
    return new Map([...this.unwritten].map((key) => [key, this.values.get(key)!]));
  }

  /** Now and then, drops the expired counters from memory and the file. */
  private counted(increments: number): void {
    this.incrementsSinceSweep += increments;
    if (this.incrementsSinceSweep < SWEEP_EVERY_INCREMENTS) return;
    this.incrementsSinceSweep = 0;
    const now = this.now();
    for (const [key, { expiresAt }] of this.values) {
      if (expiresAt <= now) {
        this.values.delete(key);
        this.unwritten.delete(key);
      }
    }
    try {
      this.written(() => this.statements.purgeCounters.run(now));
    } catch (error) {
      this.logger.warn(`Sweeping expired counters failed: ${(error as Error).message}`);
    }
  }
}

/** A counter's value until it expires (epoch milliseconds). */
interface CounterValue {
  value: number;
  expiresAt: number;
}

/** A counter's increment waiting for its turn's transaction. */
interface AskedIncrement {
  key: string;
  expiresAt: number;
  by: number;
  resolve: (value: number) => void;
  reject: (error: unknown) => void;
}
