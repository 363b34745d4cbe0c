/** Where to send the browser to reach the sign-in page: the server redirects to the path. */
export const ADMIN_ENTRY_URL = '/api/rtm-sys/entry';

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
