/** Where to send the browser to reach the sign-in page: the server redirects to the path. */
export const ADMIN_ENTRY_URL = '/api/rtm-sys/entry';

/**
 * Whether the server's entry leads this browser on: it does only for a browser that has signed
 * in as an admin before (an HttpOnly mark no script reads); any other is answered 404. Asked
 * without following the redirect, so the hidden path never reaches the page: a redirect answers
 * as an opaque response.
 */
export async function adminEntryLeadsOn(): Promise<boolean> {
  const response = await fetch(ADMIN_ENTRY_URL, {
    redirect: 'manual',
    credentials: 'same-origin',
    cache: 'no-store',
  });
  return response.type === 'opaqueredirect' || (response.status >= 300 && response.status < 400);
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
