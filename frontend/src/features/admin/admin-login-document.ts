/**
 * The admin sign-in page lives at a path only the server knows (ADMIN_LOGIN_PATH). The server
 * marks the document it serves there with `<meta name="admin-login" content="true">`; the path
 * is read from the address bar when the document loads, so it never appears in the bundle.
 */
export const ADMIN_LOGIN_MARKER_SELECTOR = 'meta[name="admin-login"][content="true"]';

let loginPath: string | null | undefined;

/**
 * Reads the marker once, before the router changes the address. Later calls answer the path
 * the marked document was loaded at, or null when this document is not the sign-in page.
 */
export function captureAdminLoginPath(
  doc: Document | undefined = globalThis.document,
): string | null {
  // The server renders public pages only, never the sign-in page.
  if (doc === undefined) return null;
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

/** For tests only: forget what was read. */
export function resetAdminLoginPathForTests(): void {
  loginPath = undefined;
}
