import { Inject, Injectable } from '@nestjs/common';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import { readCookie } from '../auth/session-cookies';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';

export const ADMIN_ENTRY_COOKIE = 'admin_entry';
/** The one route the mark is sent to: nothing else ever reads it. */
export const ADMIN_ENTRY_ROUTE = '/api/rtm-sys/entry';
/** As long as browsers keep a cookie (Chrome caps them at 400 days). */
const MARK_MAX_AGE_MS = 400 * 24 * 60 * 60 * 1000;

/**
 * The mark of a browser that has signed in as an admin: only such a browser is sent on from
 * `/api/rtm-sys/entry` to the hidden sign-in page (docs/decisions/admin-entry-mark.md). It is a
 * random value keyed with the app's secret and the sign-in path, so it cannot be made up, names
 * nothing, and stops opening the entry when ADMIN_LOGIN_PATH changes. HttpOnly, SameSite=Strict
 * (a link from another site does not carry it), Secure on https, sent to the entry route only.
 */
@Injectable()
export class AdminEntryMarks {
  private readonly secure: boolean;

  constructor(
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'adminLoginPath' | 'publicUrl'>,
  ) {
    this.secure = config.publicUrl.startsWith('https:');
  }

  /** On https the name carries `__Secure-`: the browser keeps it only when Secure, from https. */
  get cookieName(): string {
    return this.secure ? `__Secure-${ADMIN_ENTRY_COOKIE}` : ADMIN_ENTRY_COOKIE;
  }

  /** Marks the browser of an admin who just signed in (a fresh value each time). */
  issue(response: Response): void {
    const nonce = randomBytes(18).toString('base64url');
    response.cookie(this.cookieName, `${nonce}.${this.markOf(nonce)}`, {
      httpOnly: true,
      sameSite: 'strict',
      secure: this.secure,
      path: ADMIN_ENTRY_ROUTE,
      maxAge: MARK_MAX_AGE_MS,
    });
  }

  /** Whether the request comes from a browser this server marked, for the current path. */
  recognises(request: Request): boolean {
    const value = readCookie(request, this.cookieName);
    const match = value === null ? null : /^([A-Za-z0-9_-]{24})\.([A-Za-z0-9_-]{22})$/.exec(value);
    if (!match) return false;
    const expected = Buffer.from(this.markOf(match[1]!));
    const presented = Buffer.from(match[2]!);
    return expected.length === presented.length && timingSafeEqual(expected, presented);
  }

  private markOf(nonce: string): string {
    return this.identity.mark(`admin-entry:${this.config.adminLoginPath}:${nonce}`);
  }
}
