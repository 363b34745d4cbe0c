import type { Request, Response } from 'express';
import { readCookie } from '../auth/session-cookies';
import { escapeHtml, serverPageHtml } from '../payments/server-page';

/**
 * The age gate's cookie (frontend/src/features/gate/age-verification.ts): a visitor who passed
 * the gate gets the server's pages without it. It holds a choice, no identity: readable by the
 * page's script, which sets it too.
 */
export const AGE_VERIFIED_COOKIE = 'ageVerified';
const AGE_VERIFIED_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;

/** Where the gate's form is sent when no script takes it over. */
export const AGE_CHECK_PATH = '/age-check';

/** Whether the request's cookie says the visitor passed the age gate. */
export function passedAgeGate(request: Request): boolean {
  return readCookie(request, AGE_VERIFIED_COOKIE) === 'true';
}

/**
 * `POST /age-check`: the age gate as a plain HTML form, for a browser running no script. Both
 * statements ticked: the cookie is set and the visitor is sent back to the page they were on
 * (303). Otherwise a page says what is missing, with a way back.
 */
export function ageCheck(publicUrl: string) {
  const secure = new URL(publicUrl).protocol === 'https:';
  return (request: Request, response: Response) => {
    const form = (request.body ?? {}) as Record<string, unknown>;
    const returnTo = localPath(form.returnTo);
    response.setHeader('Cache-Control', 'no-store');
    if (form.confirmsAge !== 'on' || form.confirmsContent !== 'on') {
      response
        .status(400)
        .type('html')
        .send(
          serverPageHtml({
            title: 'Please confirm both statements',
            body: `<p>To continue to SoleScore, tick both boxes: that you are 18 or older, and that you will post only photos of your own feet, with no faces, people or identifiable features.</p>
<p class="actions"><a class="button" href="${escapeHtml(returnTo)}">Back</a></p>`,
            noindex: true,
          }),
        );
      return;
    }
    response.cookie(AGE_VERIFIED_COOKIE, 'true', {
      path: '/',
      maxAge: AGE_VERIFIED_MAX_AGE_MS,
      sameSite: 'lax',
      secure,
    });
    response.redirect(303, returnTo);
  };
}

/** A path of this site to go back to; anything else (another site, a malformed value) is home. */
function localPath(value: unknown): string {
  if (typeof value !== 'string' || value.length > 2000) return '/';
  if (!value.startsWith('/') || value.startsWith('//') || value.includes('\\')) return '/';
  // No line breaks or other control characters in a Location header.
  if ([...value].some((character) => character < ' ')) return '/';
  return value;
}
