import { hash, verify } from '@node-rs/argon2';
import { randomBytes } from 'node:crypto';
import type { PasswordHasher } from '../../application/ports/password-hasher.port';

/** `Algorithm.Argon2id` of @node-rs/argon2, a const enum that SWC cannot inline. */
const ARGON2ID = 2;

export interface Argon2Options {
  /** KiB; OWASP's baseline is 19456 (19 MiB) with 2 passes and 1 lane. */
  memoryCost: number;
  timeCost?: number;
  parallelism?: number;
}

/**
 * argon2id in PHC string form (`$argon2id$v=19$m=…,t=…,p=…$salt$hash`), computed on libuv's
 * thread pool so the event loop keeps serving while a hash runs.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  private readonly options;
  private decoy: Promise<string> | null = null;

  constructor(options: Argon2Options) {
    this.options = {
      algorithm: ARGON2ID,
      memoryCost: options.memoryCost,
      timeCost: options.timeCost ?? 2,
      parallelism: options.parallelism ?? 1,
    };
  }

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }

  async verifyDecoy(password: string): Promise<false> {
    this.decoy ??= hash(randomBytes(32).toString('base64url'), this.options);
    await this.verify(await this.decoy, password);
    return false;
  }
}
