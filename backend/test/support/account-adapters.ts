import type { UseCaseWorld } from './use-case-specification';
import { HmacKeyedHasher } from '../../src/infrastructure/keyed-hasher/hmac-keyed-hasher';
import { Argon2PasswordHasher } from '../../src/infrastructure/passwords/argon2-password-hasher';
import { CounterRateLimiter } from '../../src/infrastructure/rate-limit/counter-rate-limiter';

/**
 * The real adapters the account use cases take beside a use-case world's stores: a fast argon2,
 * the keyed hasher (one secret for every spec, so the names' reservation streams of given events
 * are those the handlers read) and the counters kept in the world's read store. Test code only:
 * the application's test helpers reach adapters through here.
 */
export const specKeyedHasher = new HmacKeyedHasher('a secret for the account specs');

export function accountAdapters(world: UseCaseWorld) {
  return {
    hasher: new Argon2PasswordHasher({ memoryCost: 64 }),
    limiter: new CounterRateLimiter(world.readStore, () => world.clock.now()),
  };
}
