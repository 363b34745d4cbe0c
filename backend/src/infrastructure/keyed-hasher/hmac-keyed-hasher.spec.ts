import { createHash } from 'node:crypto';
import { HmacKeyedHasher } from './hmac-keyed-hasher';

describe('HMAC keyed hasher', () => {
  const hasher = new HmacKeyedHasher('a'.repeat(64));

  it('gives the same hash for the same purpose and value, and another for another purpose', () => {
    const email = 'ann@example.com';
    expect(hasher.hash('email', email)).toBe(
      new HmacKeyedHasher('a'.repeat(64)).hash('email', email),
    );
    expect(hasher.hash('email', email)).toMatch(/^[0-9a-f]{64}$/);
    expect(hasher.hash('name', email)).not.toBe(hasher.hash('email', email));
  });

  it('depends on the secret and is not the bare sha256 of the value', () => {
    const email = 'ann@example.com';
    expect(new HmacKeyedHasher('b'.repeat(64)).hash('email', email)).not.toBe(
      hasher.hash('email', email),
    );
    expect(hasher.hash('email', email)).not.toBe(createHash('sha256').update(email).digest('hex'));
  });

  it('keeps the purpose and the value apart', () => {
    expect(hasher.hash('ab', 'c')).not.toBe(hasher.hash('a', 'bc'));
  });
});
