/**
 * Where re-encoded images live. Keys are content-addressed (the sha256 of the bytes), so a key
 * is written at most once and never changes: writing an existing key is a no-op.
 */
export const IMAGE_STORAGE = Symbol('ImageStorage');

export interface ImageStorage {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | null>;
  exists(key: string): Promise<boolean>;
  /**
   * Removes an image no read model shows any more. Deleting a missing key is a no-op, so a
   * retried or repeated clean-up succeeds.
   */
  delete(key: string): Promise<void>;
}

/**
 * `ab/<64 hex>.webp`, optionally with a variant before the extension (`.thumb.webp`). The
 * folder is the hash's first two characters, which keeps directories small. Nothing else is a
 * key, which is what rules out path traversal wherever a key reaches the filesystem or a URL.
 */
export const IMAGE_KEY_PATTERN = /^([0-9a-f]{2})\/\1[0-9a-f]{62}(?:\.[a-z][a-z0-9-]{0,15})?\.webp$/;

const CONTENT_HASH = /^[0-9a-f]{64}$/;

export function isImageKey(key: string): boolean {
  return IMAGE_KEY_PATTERN.test(key);
}

export function assertImageKey(key: string): void {
  if (!isImageKey(key)) throw new TypeError(`Not an image storage key: ${JSON.stringify(key)}`);
}

export function imageKeys(contentHash: string): { image: string; thumbnail: string } {
  if (!CONTENT_HASH.test(contentHash)) {
    throw new TypeError('A content hash is 64 lowercase hex characters');
  }
  const folder = contentHash.slice(0, 2);
  return {
    image: `${folder}/${contentHash}.webp`,
    thumbnail: `${folder}/${contentHash}.thumb.webp`,
  };
}

/** Path the api serves stored images under (express static mounted on `/uploads`). */
export function publicImageUrl(key: string): string {
  assertImageKey(key);
  return `/uploads/${key}`;
}

/** The content hash of an image's public address (`/uploads/ab/<hash>….webp`), else null. */
export function contentHashOfImageUrl(url: string): string | null {
  const key = url.startsWith('/uploads/') ? url.slice('/uploads/'.length) : null;
  return key !== null && isImageKey(key) ? key.slice(3, 67) : null;
}
