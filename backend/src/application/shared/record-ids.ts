import { randomFillSync } from 'node:crypto';

/**
 * Random bytes for 256 ids at a time: a call to the system's generator per id costs more than
 * the rest of making it (figures in docs/bench/history.md, "Figures that were in code comments").
 */
const POOL = Buffer.alloc(16 * 256);
let pooled = POOL.length;

/** Sixteen random bytes of the pool, taken for good. */
function randomBlock(): Buffer {
  if (pooled === POOL.length) {
    randomFillSync(POOL);
    pooled = 0;
  }
  pooled += 16;
  return POOL.subarray(pooled - 16, pooled);
}

/** The last id's milliseconds and 12-bit counter, so that one process's ids keep their order. */
let lastMs = 0;
let counter = 0;

/**
 * A new id for a record the app creates (a post, a comment, a report, a boost): a UUID v7 (RFC
 * 9562), 48 bits of milliseconds, a 12-bit counter, 62 random bits. Later ids sort later, so a new
 * record's key lands at the end of every index keyed by it, not on a random page, which makes an
 * append to a new stream cheaper (docs/decisions/record-ids.md). Accounts keep random ids: an
 * account's id is on every post, and would date it.
 */
export function newRecordId(): string {
  const bytes = randomBlock();
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    // A random start below 1,024, leaving room to count up.
    counter = ((bytes[6]! & 0x03) << 8) | bytes[7]!;
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >>> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
