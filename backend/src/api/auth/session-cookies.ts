import { Inject, Injectable } from '@nestjs/common';
import type { CookieOptions, Request, Response } from 'express';
import { ADMIN_SESSION_TTL_MS } from '../../domain/admin/admin.decider';
import { SESSION_TTL_MS } from '../../domain/user/account-rules';
import { APP_CONFIG } from '../../config/config.provider';
import type { AppConfig } from '../../config/config';

export const USER_SESSION_COOKIE = 'sid';
export const ADMIN_SESSION_COOKIE = 'admin_sid';
/** The admin cookie is only ever sent to the admin api. */
const ADMIN_COOKIE_PATH = '/api/rtm-sys';

/** The value of one cookie from the request's Cookie header (no cookie-parser needed). */
export function readCookie(request: Request, name: string): string | null {
  const header = request.headers.cookie;
  if (!header) return null;
  for (const part of header.split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const raw = part
      .slice(separator + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      return decodeURIComponent(raw);
    } catch {
      return null;
    }
  }
  return null;
}

/**
 * Session cookies: HttpOnly (no script reads them), SameSite=Lax (not sent on cross-site
 * POSTs), Secure in production, and as long-lived as the session itself.
 */
@Injectable()
export class SessionCookies {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  setUser(response: Response, token: string): void {
    response.cookie(USER_SESSION_COOKIE, token, this.options('/', SESSION_TTL_MS));
  }

  clearUser(response: Response): void {
    const { maxAge: _maxAge, ...options } = this.options('/', 0);
    response.clearCookie(USER_SESSION_COOKIE, options);
  }

  setAdmin(response: Response, token: string): void {
    response.cookie(
      ADMIN_SESSION_COOKIE,
      token,
      this.options(ADMIN_COOKIE_PATH, ADMIN_SESSION_TTL_MS),
    );
  }

  clearAdmin(response: Response): void {
    const { maxAge: _maxAge, ...options } = this.options(ADMIN_COOKIE_PATH, 0);
    response.clearCookie(ADMIN_SESSION_COOKIE, options);
  }

  private options(path: string, maxAge: number): CookieOptions {
    return {
      httpOnly: true,
      sameSite: 'lax',
      secure: this.config.env === 'production',
      path,
      maxAge,
    };
  }
}
