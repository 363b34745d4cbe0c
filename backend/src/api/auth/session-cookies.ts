import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import type { CookieOptions, Request, Response } from 'express';
import { ADMIN_SESSION_TTL_MS } from '../../domain/admin/admin.decider';
import { SESSION_TTL_MS } from '../../domain/user/account-rules';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';
import { parse as parseCookies } from 'cookie';

export const USER_SESSION_COOKIE = 'sid';
export const ADMIN_SESSION_COOKIE = 'admin_sid';
/**
 * On https the names carry the `__Host-` prefix: the browser then keeps them only when they are
 * Secure, set by this very host (no Domain) for the whole site (Path=/), so a neighbouring
 * subdomain cannot plant or shadow a session.
 */
const HOST_PREFIX = '__Host-';
/** Over plain http (the embedded default on 127.0.0.1) the admin cookie keeps to the admin api. */
const ADMIN_COOKIE_PATH = '/api/rtm-sys';
/**
 * A cookie kept to one route cannot be `__Host-` (that needs Path=/); on https it carries the
 * `__Secure-` prefix instead, so the browser keeps it only when it is Secure and came over https.
 */
const SECURE_PREFIX = '__Secure-';
export const KNOWN_BROWSER_COOKIE = 'known_browser';
/**
 * The sign-in routes that remember the browsers signed in through them, each with its own
 * `known_browser` cookie kept to that route: no other request carries it, and the user's and the
 * admin's never overwrite each other.
 */
export const SIGN_IN_ROUTES = { user: '/api/auth/login', admin: '/api/rtm-sys/login' } as const;
export type SignInRoute = keyof typeof SIGN_IN_ROUTES;
const KNOWN_BROWSER_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
/**
 * The browser's random id for the vote rules (two accounts sharing a browser, a vote from the
 * author's browser): 32 random bytes, sent to the api (registration and sign-in record it, a
 * publish and a vote compare it), a year long. Only a keyed mark of it enters the log.
 */
export const BROWSER_ID_COOKIE = 'browser_id';
const BROWSER_ID_PATH = '/api';
/** Where the cookie was kept before votes compared it: a browser's copy there is moved. */
const LEGACY_BROWSER_ID_PATH = '/api/auth';
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

/**
 * The browser's random key to its own unpublished uploads: 32 random bytes, for the whole site
 * (the upload route sets it, the image route reads it), a day long, as an unpublished upload is
 * kept. The rating records only a keyed mark of it; the image of an upload not yet published is
 * served to the browser holding it (and to the signed-in uploader) alone.
 */
export const UPLOADER_COOKIE = 'uploader';
const UPLOADER_MAX_AGE_MS = 24 * 60 * 60 * 1000;

/** The value of one cookie from the request's Cookie header (the `cookie` package's parse). */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.cookie;
  return header ? (parseCookies(header)[name] ?? null) : null;
}

/**
 * Session cookies: HttpOnly (no script reads them), SameSite=Lax (not sent on cross-site
 * POSTs), and as long-lived as the session itself. When `PUBLIC_URL` is https they are Secure
 * and named with the `__Host-` prefix (`__Host-sid`, `__Host-admin_sid`). The sign-in routes'
 * remembered-browser cookie lives here too (`known_browser`, `__Secure-known_browser` on https).
 */
@Injectable()
export class SessionCookies {
  private readonly secure: boolean;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.secure = config.publicUrl.startsWith('https:');
  }

  get userCookie(): string {
    return this.secure ? `${HOST_PREFIX}${USER_SESSION_COOKIE}` : USER_SESSION_COOKIE;
  }

  get adminCookie(): string {
    return this.secure ? `${HOST_PREFIX}${ADMIN_SESSION_COOKIE}` : ADMIN_SESSION_COOKIE;
  }

  get knownBrowserCookie(): string {
    return this.secure ? `${SECURE_PREFIX}${KNOWN_BROWSER_COOKIE}` : KNOWN_BROWSER_COOKIE;
  }

  readUser(request: Request): string | null {
    return readCookie(request, this.userCookie);
  }

  readAdmin(request: Request): string | null {
    return readCookie(request, this.adminCookie);
  }

  setUser(response: Response, token: string): void {
    response.cookie(this.userCookie, token, this.options('/', SESSION_TTL_MS));
  }

  clearUser(response: Response): void {
    const { maxAge: _maxAge, ...options } = this.options('/', 0);
    response.clearCookie(this.userCookie, options);
  }

  setAdmin(response: Response, token: string): void {
    response.cookie(this.adminCookie, token, this.options(this.adminPath, ADMIN_SESSION_TTL_MS));
  }

  clearAdmin(response: Response): void {
    const { maxAge: _maxAge, ...options } = this.options(this.adminPath, 0);
    response.clearCookie(this.adminCookie, options);
  }

  /** The marks a sign-in route remembered this browser with (it is sent to that route only). */
  readKnownBrowser(request: Request): string | null {
    return readCookie(request, this.knownBrowserCookie);
  }

  setKnownBrowser(response: Response, route: SignInRoute, value: string): void {
    response.cookie(
      this.knownBrowserCookie,
      value,
      this.options(SIGN_IN_ROUTES[route], KNOWN_BROWSER_MAX_AGE_MS),
    );
  }

  /**
   * This browser's id: the one its cookie holds, or a fresh random one (never derived from the
   * browser's features: no fingerprinting) for `keepBrowserId` to set once the sign-up or
   * sign-in succeeded, so a refused one sets no cookie.
   */
  browserId(request: Request): { value: string; fresh: boolean } {
    const known = readCookie(request, this.browserIdCookie);
    if (known && BROWSER_ID.test(known)) return { value: known, fresh: false };
    return { value: randomBytes(32).toString('base64url'), fresh: true };
  }

  /**
   * Sets a fresh id; a known one is set again for the whole api, and its copy kept to the
   * account routes before votes compared it is dropped (a browser sends that one only there).
   */
  keepBrowserId(response: Response, id: { value: string; fresh: boolean }): void {
    if (!id.fresh) {
      const { maxAge: _maxAge, ...legacy } = this.options(LEGACY_BROWSER_ID_PATH, 0);
      response.clearCookie(this.browserIdCookie, legacy);
    }
    response.cookie(
      this.browserIdCookie,
      id.value,
      this.options(BROWSER_ID_PATH, KNOWN_BROWSER_MAX_AGE_MS),
    );
  }

  /** This browser's id as its cookie holds it (a publish, a vote), or null: none is made here. */
  readBrowserId(request: Request): string | null {
    const known = readCookie(request, this.browserIdCookie);
    return known && BROWSER_ID.test(known) ? known : null;
  }

  /** This browser's uploader key: the one its cookie holds (kept a day more), or a fresh one. */
  uploaderKey(request: Request, response: Response): string {
    const known = readCookie(request, this.uploaderCookie);
    const value = known && BROWSER_ID.test(known) ? known : randomBytes(32).toString('base64url');
    response.cookie(this.uploaderCookie, value, this.options('/', UPLOADER_MAX_AGE_MS));
    return value;
  }

  /** This browser's uploader key as its cookie holds it, or null. */
  readUploaderKey(request: Request): string | null {
    const known = readCookie(request, this.uploaderCookie);
    return known && BROWSER_ID.test(known) ? known : null;
  }

  private get uploaderCookie(): string {
    return this.secure ? `${HOST_PREFIX}${UPLOADER_COOKIE}` : UPLOADER_COOKIE;
  }

  private get browserIdCookie(): string {
    return this.secure ? `${SECURE_PREFIX}${BROWSER_ID_COOKIE}` : BROWSER_ID_COOKIE;
  }

  /** `__Host-` cookies must be for the whole site; the admin api alone reads it anyway. */
  private get adminPath(): string {
    return this.secure ? '/' : ADMIN_COOKIE_PATH;
  }

  private options(path: string, maxAge: number): CookieOptions {
    return { httpOnly: true, sameSite: 'lax', secure: this.secure, path, maxAge };
  }
}
