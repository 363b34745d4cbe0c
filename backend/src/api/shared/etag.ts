import { createHash } from 'node:crypto';

/** A strong ETag of a body sent many times (a page, an asset): hashed once, when it is made. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}
