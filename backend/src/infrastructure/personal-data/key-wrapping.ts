import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * The personal data keys are stored wrapped (AES-256-GCM) under a key derived from the app
 * secret, bound to their person's id: a copy of the key store alone (a backup, a database dump)
 * opens nothing without APP_SECRET, and a wrapped key moved to another person fails to open.
 */
export class KeyWrapping {
  private readonly wrappingKey: Buffer;

  constructor(appSecret: string) {
    this.wrappingKey = Buffer.from(
      hkdfSync('sha256', appSecret, 'solescore', 'personal-data-keys:v1', 32),
    );
  }

  /** A fresh random key for a person. */
  static newKey(): Buffer {
    return randomBytes(32);
  }

  wrap(subjectId: string, key: Buffer): Buffer {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.wrappingKey, iv);
    cipher.setAAD(Buffer.from(subjectId, 'utf8'));
    return Buffer.concat([iv, cipher.update(key), cipher.final(), cipher.getAuthTag()]);
  }

  /** Throws when the wrapped key was not wrapped for this person with this secret. */
  unwrap(subjectId: string, wrapped: Buffer): Buffer {
    const iv = wrapped.subarray(0, 12);
    const tag = wrapped.subarray(wrapped.length - 16);
    const decipher = createDecipheriv('aes-256-gcm', this.wrappingKey, iv);
    decipher.setAAD(Buffer.from(subjectId, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([
      decipher.update(wrapped.subarray(12, wrapped.length - 16)),
      decipher.final(),
    ]);
  }
}
