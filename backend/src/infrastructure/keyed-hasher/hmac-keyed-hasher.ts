import { createHmac, hkdfSync } from 'node:crypto';
import type { KeyedHasher } from '../../application/ports/keyed-hasher.port';

/**
 * HMAC-SHA256 under a key derived from the app secret for this use alone (HKDF), so the hashes
 * share nothing with the other uses of the secret (visitor addresses, the keys' wrapping key).
 */
export class HmacKeyedHasher implements KeyedHasher {
  private readonly key: Buffer;

  constructor(appSecret: string) {
    this.key = Buffer.from(hkdfSync('sha256', appSecret, 'solescore', 'keyed-hashes:v1', 32));
  }

  hash(purpose: string, value: string): string {
    return createHmac('sha256', this.key).update(purpose).update('\0').update(value).digest('hex');
  }
}
