import type { NextFunction, Request, Response } from 'express';

export const CROSS_SITE_REFUSED = 'Cross-site request refused';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF protection for cookie-authenticated calls, on top of SameSite=Lax cookies: a state-changing
 * request is refused when the browser says it comes from another site (`Sec-Fetch-Site`), or
 * when its `Origin` (or, without one, its `Referer`) is neither PUBLIC_URL's origin nor the host
 * it was sent to. Requests without these headers (curl, server-to-server, tests) carry no
 * ambient browser cookies worth forging and pass.
 */
export function crossSiteRequestGuard(publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return (request: Request, response: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(request.method)) return next();
    if (request.headers['sec-fetch-site'] === 'cross-site') return refuse(response);
    const source = request.headers.origin ?? request.headers.referer;
    if (source === undefined) return next();
    if (!isOwnOrigin(source, publicOrigin, request.headers.host)) return refuse(response);
    next();
  };
}

function isOwnOrigin(source: string, publicOrigin: string, host: string | undefined): boolean {
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    // `Origin: null` (sandboxed frames, some redirects) and garbage are not us.
    return false;
  }
  if (url.origin === publicOrigin) return true;
  return host !== undefined && url.host === host.toLowerCase();
}

function refuse(response: Response) {
  response.status(403).json({ message: CROSS_SITE_REFUSED });
}
