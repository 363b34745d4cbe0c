import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A personal field as the log stores it: `{ "$personal": "v1:<base64 of iv, ciphertext, tag>" }`,
 * the field's JSON value sealed with AES-256-GCM under its person's key. The person's id and the
 * field's name are authenticated with it, so a sealed value copied to another person or field
 * does not open.
 */
export interface SealedValue {
  $personal: string;
}

const VERSION = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export function isSealed(value: unknown): value is SealedValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Object.keys(value).length === 1 &&
    typeof (value as { $personal?: unknown }).$personal === 'string'
  );
}

export function seal(key: Buffer, subjectId: string, field: string, value: unknown): SealedValue {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(associatedData(subjectId, field));
  const sealed = Buffer.concat([
    iv,
    cipher.update(JSON.stringify(value), 'utf8'),
    cipher.final(),
    cipher.getAuthTag(),
  ]);
  return { $personal: VERSION + sealed.toString('base64') };
}

/** The field's value; throws when the key, the person or the field is not the sealed one. */
export function open(key: Buffer, subjectId: string, field: string, sealed: SealedValue): unknown {
  if (!sealed.$personal.startsWith(VERSION)) {
    throw new Error(`Unknown personal data envelope ${sealed.$personal.slice(0, 8)}`);
  }
  const bytes = Buffer.from(sealed.$personal.slice(VERSION.length), 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
  decipher.setAAD(associatedData(subjectId, field));
  decipher.setAuthTag(bytes.subarray(bytes.length - TAG_BYTES));
  const plain = Buffer.concat([
    decipher.update(bytes.subarray(IV_BYTES, bytes.length - TAG_BYTES)),
    decipher.final(),
  ]);
  return JSON.parse(plain.toString('utf8')) as unknown;
}

function associatedData(subjectId: string, field: string): Buffer {
  return Buffer.from(`personal-data:v1\0${subjectId}\0${field}`, 'utf8');
}
