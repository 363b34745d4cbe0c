import compression from 'compression';
import type { NextFunction, Request, Response } from 'express';
import { readdirSync, readFileSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { strongEtag } from '../shared/etag';

/**
 * Compression in the app itself: the embedded default has no proxy in front of it. Answers built
 * per request of at least this size are compressed as they are sent. Answers many requests share
 * (`sendBytes`) and the built frontend's files (`precompressedAssets`) keep their compressed
 * bytes instead, because compressing again per request costs more than the answer itself
 * (docs/decisions/kept-compressed-copies.md).
 */
export const COMPRESS_FROM_BYTES = 1024;

export type Encoding = 'br' | 'gzip';

/**
 * Brotli or gzip by the request's Accept-Encoding, or null for none: the encoding of highest
 * q-value among those available, brotli on a tie (browsers list gzip first, all at q=1).
 */
function negotiate(req: Request, available: readonly Encoding[]): Encoding | null {
  const header = req.headers['accept-encoding'];
  if (available.length === 0 || !header) return null;
  // Browsers send a handful of distinct headers: each is parsed once per list of encodings.
  const key = `${available.join()}|${header}`;
  const known = negotiated.get(key);
  if (known !== undefined) return known;
  const chosen = parseAndChoose(header, available);
  if (negotiated.size >= MAX_NEGOTIATED) negotiated.clear();
  negotiated.set(key, chosen);
  return chosen;
}

const MAX_NEGOTIATED = 256;
const negotiated = new Map<string, Encoding | null>();

function parseAndChoose(header: string, available: readonly Encoding[]): Encoding | null {
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
    q.set(name, weight === undefined ? 1 : Number(weight) || 0);
  }
  let best: Encoding | null = null;
  let bestQ = 0;
  for (const encoding of available) {
    const weight = q.get(encoding) ?? q.get('*') ?? 0;
    if (weight > bestQ) {
      best = encoding;
      bestQ = weight;
    }
  }
  return best;
}

/** A strong ETag names one representation: the compressed one gets its own. */
function etagFor(etag: string, encoding: Encoding): string {
  const weak = etag.startsWith('W/');
  const opaque = weak ? etag.slice(2) : etag;
  if (!opaque.endsWith('"')) return etag;
  return `${weak ? 'W/' : ''}${opaque.slice(0, -1)}-${encoding}"`;
}

function compress(body: Buffer, encoding: Encoding): Buffer {
  return encoding === 'br'
    ? // Quality 4 compresses JSON about as well as gzip -6 in a fraction of brotli's default time.
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      })
    : gzipSync(body, { level: 6 });
}

/**
 * Compresses what `res.send` (and so `res.json`) sends, when the body is compressible and at
 * least `COMPRESS_FROM_BYTES`: the `compression` package, brotli at quality 4 or gzip. Answers
 * sent with their compressed copies (`sendBytes`) arrive encoded and pass through.
 */
export function compressAnswers(minBytes = COMPRESS_FROM_BYTES) {
  return compression({ threshold: minBytes });
}

/** What `res.type('json')` sets, without looking it up on every answer. */
const JSON_TYPE = 'application/json; charset=utf-8';
/** What `res.type('html')` sets. */
export const HTML_TYPE = 'text/html; charset=utf-8';

/**
 * Sends JSON bytes already made, compressed when the request accepts it and they are at least
 * `minBytes` (see `sendBytes`).
 */
export function sendJsonBytes(
  res: Response,
  body: Buffer,
  kept: Partial<Record<Encoding, Buffer>>,
  minBytes = COMPRESS_FROM_BYTES,
): void {
  sendBytes(res, JSON_TYPE, body, kept, minBytes);
}

/**
 * Sends bytes already made, compressed when the request accepts it and they are at least
 * `minBytes`. `kept` holds the copies compressed so far, so a body many requests share is
 * compressed once per encoding (a one-off body passes an empty one). The body is final, so it is
 * written as `precompressedAssets` writes a file (ETag with the encoding appended, 304 to a
 * matching If-None-Match, no body for HEAD), not through `res.send` and `compressAnswers` again.
 */
export function sendBytes(
  res: Response,
  type: string,
  body: Buffer,
  kept: Partial<Record<Encoding, Buffer>>,
  minBytes = COMPRESS_FROM_BYTES,
): void {
  res.setHeader('Content-Type', type);
  let sent = body;
  if (body.length >= minBytes) {
    varyOnEncoding(res);
    const encoding = negotiate(res.req, ['br', 'gzip']);
    if (encoding !== null) {
      sent = kept[encoding] ??= compress(body, encoding);
      const etag = res.getHeader('ETag');
      if (typeof etag === 'string') res.setHeader('ETag', etagFor(etag, encoding));
      res.setHeader('Content-Encoding', encoding);
    }
  }
  // Express's res.send drops the type from a 304; so does this answer.
  endWithBody(res, sent, { typeOn304: false });
}

/**
 * The tail of an answer whose headers are set: 304 when the request's If-None-Match matches,
 * otherwise the length and the body (none for HEAD). `typeOn304` keeps Content-Type on a 304.
 */
function endWithBody(res: Response, body: Buffer, { typeOn304 }: { typeOn304: boolean }): void {
  if (res.req.fresh) {
    if (!typeOn304) res.removeHeader('Content-Type');
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', body.length);
  res.end(res.req.method === 'HEAD' ? undefined : body);
}

/** `Vary: Accept-Encoding`, added to any Vary already set (`res.vary` parses it each time). */
function varyOnEncoding(res: Response): void {
  if (res.getHeader('Vary') === undefined) res.setHeader('Vary', 'Accept-Encoding');
  else res.vary('Accept-Encoding');
}

interface Asset {
  type: string;
  etag: string;
  variants: Partial<Record<Encoding, Buffer>>;
}

/**
 * The built frontend's `.br` and `.gz` files (made by frontend/scripts/precompress.mjs), read
 * once at start and sent for their original's address when the request accepts them, with the
 * original's Content-Type, `Vary: Accept-Encoding`, and `cacheControl(path)`. Requests that
 * accept neither (and files without compressed copies) go on to the plain static files.
 */
export function precompressedAssets(dir: string, cacheControl: (urlPath: string) => string) {
  const assets = new Map<string, Asset>();
  for (const file of listFiles(dir)) {
    const encoding: Encoding | null = file.endsWith('.br')
      ? 'br'
      : file.endsWith('.gz')
        ? 'gzip'
        : null;
    if (encoding === null) continue;
    const original = file.slice(0, -3);
    const urlPath = `/${relative(dir, original).split(sep).join('/')}`;
    let asset = assets.get(urlPath);
    if (!asset) {
      let content: Buffer;
      try {
        content = readFileSync(original);
      } catch {
        continue; // a compressed copy without its original is not served
      }
      asset = {
        type: extname(original),
        etag: strongEtag(content),
        variants: {},
      };
      assets.set(urlPath, asset);
    }
    asset.variants[encoding] = readFileSync(file);
  }

  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const asset = assets.get(req.path);
    if (!asset) return next();
    varyOnEncoding(res);
    const encoding = negotiate(
      req,
      (['br', 'gzip'] as const).filter((e) => asset.variants[e]),
    );
    if (encoding === null) return next();
    const body = asset.variants[encoding]!;
    res.setHeader('Cache-Control', cacheControl(req.path));
    res.setHeader('ETag', etagFor(asset.etag, encoding));
    res.type(asset.type);
    res.setHeader('Content-Encoding', encoding);
    res.status(200);
    endWithBody(res, body, { typeOn304: true });
  };
}

function listFiles(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true, recursive: true });
  } catch {
    return [];
  }
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}
