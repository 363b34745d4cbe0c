import { createContext } from 'react';

import { localStore } from '@/lib/storage';

/** Spec §2: the confirmation is remembered in localStorage under `ageVerified`. */
export const AGE_VERIFIED_STORAGE_KEY = 'ageVerified';

/**
 * The same confirmation as a cookie, which the server reads: it draws no gate on the pages it
 * renders for a visitor who passed it. The gate's form sets it with a plain POST where no script
 * runs (`POST /age-check`), and the script sets it beside the storage key.
 */
export const AGE_VERIFIED_COOKIE = 'ageVerified';
const COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** Legal pages stay readable before agreeing: a person must be able to read what they accept. */
export const GATE_EXEMPT_PATHS: readonly string[] = ['/termsofservice', '/privacypolicy'];

/**
 * Whether the page was drawn for a visitor who passed the gate (the server's render read the
 * cookie; the browser reads the same cookie before hydrating), so hydration finds no gate.
 */
export const AgeVerifiedAtRender = createContext(false);

/** Whether a Cookie header's text holds the gate's cookie. */
export function hasAgeVerifiedCookie(cookies: string): boolean {
  return /(?:^|;\s*)ageVerified=true(?:;|$)/.test(cookies);
}

export function isAgeVerified(): boolean {
  return (
    localStore.get(AGE_VERIFIED_STORAGE_KEY) === 'true' ||
    (typeof document !== 'undefined' && hasAgeVerifiedCookie(document.cookie))
  );
}

export function rememberAgeVerified(): void {
  localStore.set(AGE_VERIFIED_STORAGE_KEY, 'true');
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${AGE_VERIFIED_COOKIE}=true; Path=/; Max-Age=${COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
}

export function isGateExemptPath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return GATE_EXEMPT_PATHS.includes(normalised);
}
