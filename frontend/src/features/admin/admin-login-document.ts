/**
 * The admin sign-in page lives at a path only the server knows (ADMIN_LOGIN_PATH). The server
 * marks the document it serves there with `<meta name="admin-login" content="true">`; the path
 * is read from the address bar when the document loads, so it never appears in the bundle.
 */
export const ADMIN_LOGIN_MARKER_SELECTOR = 'meta[name="admin-login"][content="true"]';

/** Where to send the browser to reach the sign-in page: the server redirects to the path. */
export const ADMIN_ENTRY_URL = '/api/rtm-sys/entry';

let loginPath: string | null | undefined;

/**
 * Reads the marker once, before the router changes the address. Later calls answer the path
 * the marked document was loaded at, or null when this document is not the sign-in page.
 */
export function captureAdminLoginPath(doc: Document = document): string | null {
  if (loginPath === undefined) {
    loginPath = doc.querySelector(ADMIN_LOGIN_MARKER_SELECTOR)
      ? (doc.defaultView?.location.pathname ?? null)
      : null;
  }
  return loginPath;
}

export function isAdminLoginPath(pathname: string): boolean {
  const path = captureAdminLoginPath();
  return path !== null && pathname === path;
}

/** /rtm-sys and everything under it is the admin area (its own layout, no age gate). */
export function isAdminAreaPath(pathname: string): boolean {
  return pathname === '/rtm-sys' || pathname.startsWith('/rtm-sys/');
}

let leaving = false;

/**
 * A full page load through the server's entry, which lands on the hidden sign-in page. Asked
 * twice (e.g. by StrictMode's double effects), it navigates once: a second navigation would
 * abort the first.
 */
export function goToAdminEntry(): void {
  if (leaving) return;
  leaving = true;
  // Coming back from the back-forward cache restores this document: allow leaving again.
  window.addEventListener('pageshow', () => (leaving = false), { once: true });
  window.location.replace(ADMIN_ENTRY_URL);
}

/** For tests only: forget what was read. */
export function resetAdminLoginPathForTests(): void {
  loginPath = undefined;
}
