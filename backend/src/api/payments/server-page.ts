/**
 * The frame of the pages the server renders itself (the test checkout and its receipts), so
 * they work without the app's scripts yet look like the app: its colours (light, and dark by
 * the system's preference), its fonts, card and buttons, all in one inline stylesheet (the
 * security headers allow inline styles).
 */
export const SERVER_PAGE_CSS = `
:root{color-scheme:light dark;--bg:#fafaf9;--fg:#1c1917;--card:#fff;--muted:#57534e;--border:#e2e0dd;--primary:#0f766e;--primary-fg:#fff;--ring:#0f766e;--accent:#ccfbf1;--accent-fg:#134e4a}
@media (prefers-color-scheme:dark){:root{--bg:#0c0a09;--fg:#fafaf9;--card:#1c1917;--muted:#b5afa9;--border:#3a3532;--primary:#2dd4bf;--primary-fg:#042f2e;--ring:#5eead4;--accent:#134e4a;--accent-fg:#ccfbf1}}
*{box-sizing:border-box}
body{margin:0;min-height:100dvh;padding:2rem 1rem;background:var(--bg);color:var(--fg);line-height:1.5;font-family:ui-sans-serif,system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;-webkit-font-smoothing:antialiased}
.brand{display:flex;align-items:center;gap:.5rem;max-width:34rem;margin:0 auto 1rem;font-weight:700;font-size:1.125rem;letter-spacing:-.01em;color:var(--fg);text-decoration:none}
.brand img{width:1.75rem;height:1.75rem}
main{max-width:34rem;margin:0 auto;background:var(--card);border:1px solid var(--border);border-radius:.75rem;padding:1.5rem;box-shadow:0 1px 2px rgb(0 0 0/.05)}
@media (min-width:640px){body{padding:3rem 1rem}main{padding:2rem 2.25rem}}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .5rem;letter-spacing:-.01em}
p{margin:0 0 1rem}
a{color:var(--primary);text-underline-offset:3px}
.lead,.note{color:var(--muted)}
.note{font-size:.9rem}
.hint{color:var(--muted);font-size:.85rem;margin:0}
.item{font-size:1.125rem;font-weight:600;margin:0}
.price{font-size:2.25rem;font-weight:700;margin:.25rem 0 1rem;font-variant-numeric:tabular-nums}
.price span{font-size:1rem;font-weight:500;color:var(--muted)}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin:1.5rem 0 0}
.actions form{margin:0}
.button{display:inline-flex;align-items:center;justify-content:center;gap:.5rem;min-height:2.75rem;padding:.5rem 1.25rem;border-radius:.5rem;border:1px solid transparent;font:inherit;font-weight:600;font-size:1rem;text-decoration:none;cursor:pointer;background:var(--primary);color:var(--primary-fg)}
.button:hover{filter:brightness(.95)}
.button.outline{background:var(--card);color:var(--fg);border-color:var(--border)}
.button.outline:hover{background:var(--accent);color:var(--accent-fg);filter:none}
a:focus-visible,.button:focus-visible{outline:2px solid var(--ring);outline-offset:2px}
dl{display:grid;grid-template-columns:1fr 1fr;gap:1rem;margin:0 0 1.5rem}
dt{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
dd{margin:.15rem 0 0;font-weight:600}
table{width:100%;border-collapse:collapse;margin:0 0 1.5rem}
th,td{text-align:left;padding:.6rem 0;border-bottom:1px solid var(--border)}
thead th{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted);font-weight:600}
tfoot th,tfoot td{border-bottom:0;font-weight:700;font-size:1.1rem}
.num{text-align:right;font-variant-numeric:tabular-nums}
.nowrap{white-space:nowrap}
@media print{
:root{--bg:#fff;--fg:#111;--card:#fff;--muted:#444;--border:#ccc}
body{padding:0}
main{border:0;border-radius:0;max-width:none;padding:0;box-shadow:none}
.hint,.actions{display:none}
}
`;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A whole page: `heading` is trusted html (defaults to the escaped title), `body` too. */
export function serverPageHtml(page: {
  title: string;
  body: string;
  heading?: string;
  noindex?: boolean;
}): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
${page.noindex ? '<meta name="robots" content="noindex, nofollow">\n' : ''}<title>${escapeHtml(page.title)} · SoleScore</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${SERVER_PAGE_CSS}</style>
</head>
<body>
<a class="brand" href="/"><img src="/favicon.svg" alt="" width="28" height="28">SoleScore</a>
<main>
<h1>${page.heading ?? escapeHtml(page.title)}</h1>
${page.body}
</main>
</body>
</html>`;
}
