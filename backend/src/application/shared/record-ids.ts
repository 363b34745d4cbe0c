import { randomFillSync } from 'node:crypto';

/** Random bytes drawn at once for many ids: one call to the system's generator per 300 or so. */
const POOL = Buffer.alloc(2560);
let pooled = POOL.length;
/** The last id's milliseconds and 12-bit counter, so that one process's ids keep their order. */
let lastMs = 0;
let counter = 0;

const HEX = Array.from({ length: 256 }, (_, byte) => byte.toString(16).padStart(2, '0'));

/**
 * A new id for a record the app creates (a rating and its post, a comment, a report, a boost):
 * a UUID of version 7 (RFC 9562), its first 48 bits the time in milliseconds, then a 12-bit
 * counter, then 62 random bits. Ids made later sort later (within a process, strictly: the
 * counter orders the ids of one millisecond, and a clock set back keeps the last time), so each
 * new record's key lands at the end of every index keyed by it (the log's stream names, the read
 * models' ids) rather than on a random page: in the bench's 64 concurrent writers, an append to
 * a new stream took about 33 µs against 45-50 µs with random (version 4) ids.
 *
 * The id tells when the record was made, which its page shows anyway. Accounts keep random ids
 * (`randomUUID`): an account's id is on every post of it, and would date the account. The 62
 * random bits leave no id to guess.
 */
export function newRecordId(): string {
  const now = Date.now();
  if (now > lastMs) {
    lastMs = now;
    counter = randomByte() & 0x3ff; // a random start, leaving room to count up
  } else if (++counter > 0xfff) {
    lastMs += 1;
    counter = 0;
  }
  if (pooled + 8 > POOL.length) {
    randomFillSync(POOL);
    pooled = 0;
  }
  const at = pooled;
  pooled += 8;
  const high = Math.floor(lastMs / 0x1_0000_0000);
  const low = lastMs >>> 0;
  return (
    HEX[(high >>> 8) & 0xff]! +
    HEX[high & 0xff]! +
    HEX[low >>> 24]! +
    HEX[(low >>> 16) & 0xff]! +
    '-' +
    HEX[(low >>> 8) & 0xff]! +
    HEX[low & 0xff]! +
    '-' +
    HEX[0x70 | (counter >>> 8)]! +
    HEX[counter & 0xff]! +
    '-' +
    HEX[0x80 | (POOL[at]! & 0x3f)]! +
    HEX[POOL[at + 1]!]! +
    '-' +
    HEX[POOL[at + 2]!]! +
    HEX[POOL[at + 3]!]! +
    HEX[POOL[at + 4]!]! +
    HEX[POOL[at + 5]!]! +
    HEX[POOL[at + 6]!]! +
    HEX[POOL[at + 7]!]!
  );
}

function randomByte(): number {
  if (pooled >= POOL.length) {
    randomFillSync(POOL);
    pooled = 0;
  }
  return POOL[pooled++]!;
}
