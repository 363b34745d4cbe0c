import { withHeadTags } from '../share/page-head';

/**
 * The admin sign-in page is the SPA's own index.html, served at the hidden ADMIN_LOGIN_PATH with
 * a marker the frontend looks for. The path itself never reaches the JS bundle: only the server
 * knows it, and only the document served there says "this is the admin sign-in".
 */
export const ADMIN_LOGIN_MARKER = '<meta name="admin-login" content="true" />';

/** index.html with the admin sign-in marker (and a request not to index the page). */
export function markAsAdminLoginPage(indexHtml: string): string {
  const marker = `${ADMIN_LOGIN_MARKER}\n    <meta name="robots" content="noindex, nofollow" />\n  `;
  const marked = withHeadTags(indexHtml, marker);
  if (marked === null) {
    throw new Error('index.html has no </head>: cannot mark the admin sign-in page');
  }
  return marked;
}
