import { createHash } from 'node:crypto';
import type { Request, Response } from 'express';

/** A strong ETag of a body sent many times (a page, an asset): hashed once, when it is made. */
export function strongEtag(body: string | Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/**
 * Sends an image under its ETag and caching rule, or 304 when the request's `If-None-Match`
 * already holds it (then without the bytes).
 */
export function sendImage(
  request: Request,
  response: Response,
  image: { body: Buffer; type: string; etag: string; cacheControl: string },
): void {
  response.setHeader('Cache-Control', image.cacheControl);
  response.setHeader('ETag', image.etag);
  if (request.fresh) {
    response.status(304).end();
    return;
  }
  response.type(image.type).send(image.body);
}
