import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { createHash } from 'node:crypto';

/**
 * The CSP source of every inline script of the served page (the theme script that runs before
 * the first paint), hashed from the file itself at start, so the policy cannot drift from it.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi)) {
    hashes.push(`'sha256-${createHash('sha256').update(match[1], 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The headers every answer carries, set by helmet with only the headers chosen here: helmet's
 * other defaults stay off so an answer carries exactly this set. HSTS only in production, where
 * the app sits behind https. A page that needs more (the server-rendered checkout or receipt)
 * sets its own header after this one, which replaces it.
 */
export function securityHeaders(options: {
  production: boolean;
  scriptHashes: readonly string[];
}): RequestHandler[] {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...options.scriptHashes],
        objectSrc: ["'none'"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", 'https://checkout.stripe.com'],
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: false,
    originAgentCluster: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: options.production
      ? { maxAge: 31_536_000, includeSubDomains: true, preload: false }
      : false,
    xContentTypeOptions: true,
    xDnsPrefetchControl: false,
    xDownloadOptions: false,
    xFrameOptions: { action: 'deny' },
    xPermittedCrossDomainPolicies: false,
    xPoweredBy: false,
    xXssProtection: false,
  });
  // Helmet has no Permissions-Policy.
  const permissions = (_req: Request, res: Response, next: NextFunction) => {
    res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    next();
  };
  return [headers, permissions];
}
