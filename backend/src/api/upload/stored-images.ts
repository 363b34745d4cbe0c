import type { QueryBus } from '@nestjs/cqrs';
import express, { type NextFunction, type Request, type Response, Router } from 'express';
import type { AccountReads } from '../../application/accounts/account-reads';
import {
  GetImageAccessQuery,
  type ImageAccess,
} from '../../application/community/get-image-access/get-image-access.query';
import { isImageKey } from '../../application/ports/image-storage.port';
import type { SessionCookies } from '../auth/session-cookies';
import type { ClientIdentity } from '../shared/client-identity';

/**
 * How long a browser or a shared cache (a CDN) may show a public image without asking again:
 * a moderator's takedown reaches every cache within this time (docs/decisions/image-caching.md).
 * Asking again costs a 304 without the bytes.
 */
export const PUBLIC_IMAGE_MAX_AGE_SECONDS = 60;
export const PUBLIC_IMAGE_CACHE_CONTROL = `public, max-age=${PUBLIC_IMAGE_MAX_AGE_SECONDS}, must-revalidate`;
/**
 * An image only its author may see (held or hidden post), or its uploading browser (an upload
 * not yet published): never kept by a shared cache.
 */
const PRIVATE_IMAGE_CACHE_CONTROL = 'private, no-cache';

export interface StoredImagesOptions {
  uploadsDir: string;
  queryBus: QueryBus;
  accounts: AccountReads;
  cookies: SessionCookies;
  identity: ClientIdentity;
}

/**
 * `/uploads/<key>`: the stored images, each served only while someone may see it (see
 * GetImageAccessHandler): everyone, the author of a held or hidden post (by the session
 * cookie), the browser that uploaded a photo not yet published (by its `uploader` cookie) or its
 * signed-in uploader, or nobody (404, as for a key never stored). The key is content-addressed, so it is
 * its own strong ETag: a revalidation is answered 304 without touching the file.
 */
export function storedImages(options: StoredImagesOptions): Router {
  const files = express.static(options.uploadsDir, {
    index: false,
    dotfiles: 'ignore',
    etag: false,
    lastModified: false,
    cacheControl: false,
    setHeaders: (res) => res.setHeader('Content-Type', 'image/webp'),
  });
  const router = Router();
  router.use(async (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return notFound(res);
    const key = req.path.slice(1);
    if (!isImageKey(key)) return notFound(res);
    try {
      const access: ImageAccess = await options.queryBus.execute(new GetImageAccessQuery(key));
      const cacheControl = await cacheControlFor(access, req, options);
      if (cacheControl === null) return notFound(res);
      res.setHeader('Cache-Control', cacheControl);
      if (cacheControl === PRIVATE_IMAGE_CACHE_CONTROL) res.setHeader('Vary', 'Cookie');
      const etag = `"${key.slice(3, -'.webp'.length)}"`;
      res.setHeader('ETag', etag);
      if (req.fresh) {
        res.status(304).end();
        return;
      }
      files(req, res, () => notFound(res));
    } catch (error) {
      next(error);
    }
  });
  return router;
}

async function cacheControlFor(
  access: ImageAccess,
  req: Request,
  { accounts, cookies, identity }: StoredImagesOptions,
): Promise<string | null> {
  if (access.access === 'public') return PUBLIC_IMAGE_CACHE_CONTROL;
  if (access.access === 'none') return null;
  if (access.access === 'uploaders') {
    const key = cookies.readUploaderKey(req);
    if (key !== null && access.viewerMarks.includes(identity.mark(key))) {
      return PRIVATE_IMAGE_CACHE_CONTROL;
    }
  }
  const allowed = access.access === 'authors' ? access.authorIds : access.uploaderIds;
  if (allowed.length === 0) return null;
  const session = await accounts.userSession(cookies.readUser(req));
  return session && allowed.includes(session.userId) ? PRIVATE_IMAGE_CACHE_CONTROL : null;
}

function notFound(res: Response): void {
  res.setHeader('Cache-Control', 'no-store');
  res.removeHeader('ETag');
  res.status(404).json({ message: 'Image not found' });
}
