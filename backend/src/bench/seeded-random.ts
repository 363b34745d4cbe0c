/**
 * A small deterministic random source for seeding benchmark data: the same seed gives the same
 * log, so runs on different days and machines measure the same data. sfc32 (Chris Doty-Humphrey's
 * Small Fast Counting generator): 128 bits of state, fast in plain JavaScript numbers.
 */
export class SeededRandom {
  private a: number;
  private b: number;
  private c: number;
  private d: number;

  constructor(seed: number) {
    this.a = 0x9e3779b9;
    this.b = 0x243f6a88;
    this.c = 0xb7e15162;
    this.d = seed >>> 0;
    for (let i = 0; i < 15; i += 1) this.nextUint32();
  }

  nextUint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.nextUint32() / 4294967296;
  }

  /** A whole number in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)];
  }

  /** Standard normal (Box-Muller). */
  normal(): number {
    const u = 1 - this.next();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * this.next());
  }

  /** A version-4-shaped UUID from this source (not from the system's random generator). */
  uuid(): string {
    const hex = (n: number) => n.toString(16).padStart(8, '0');
    const w1 = hex(this.nextUint32());
    const w2 = hex(this.nextUint32());
    const w3 = hex(this.nextUint32());
    const w4 = hex(this.nextUint32());
    const variant = ((parseInt(w3[0], 16) & 0x3) | 0x8).toString(16);
    return `${w1}-${w2.slice(0, 4)}-4${w2.slice(5, 8)}-${variant}${w3.slice(1, 4)}-${w3.slice(4)}${w4}`;
  }

  /**
   * A version-7-shaped UUID made at `at` (milliseconds), as the app names the records it creates
   * (application/shared/record-ids.ts); it draws as much from this source as `uuid` does.
   */
  uuidV7(at: number): string {
    const time = Math.floor(at).toString(16).padStart(12, '0');
    // The random parts of a version 4 one, after its version digit: the same draws.
    return `${time.slice(0, 8)}-${time.slice(8)}-7${this.uuid().slice(15)}`;
  }
}

/**
 * mulberry32: a tiny, fast, seedable random source, so that a test's random data is the same on
 * every run and a failure can be replayed.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
