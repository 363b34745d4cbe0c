import type { SentMail } from '../../application/ports/mail.port';
import { escapeHtml } from '../../application/shared/escape-html';

/** An address a mail links to: only http(s), up to the first space, quote or angle bracket. */
const LINK = /https?:\/\/[^\s<>"']+/g;

/**
 * The development inbox (`GET /dev/mail`): the outbox's mails, newest first, each with its
 * recipient, subject, time and text, the text's links clickable. Everything in it comes from
 * users (addresses, names in mails) and is escaped; the mails' HTML bodies are not rendered, only
 * their text. A plain page with no script, readable in light and dark.
 */
export function inboxPage(mails: readonly SentMail[]): string {
  const count = mails.length === 1 ? '1 mail' : `${mails.length} mails`;
  const list =
    mails.length === 0
      ? `<p class="empty">No mail yet. Sign up or ask for a password reset, then reload this page.</p>`
      : `<p class="count">${count}, newest first.</p>\n<ol class="mails">\n${mails.map(mailItem).join('\n')}\n</ol>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<meta name="color-scheme" content="light dark">
<title>Mail inbox (development) · SoleScore</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>${STYLE}</style>
</head>
<body>
<main>
<p class="brand">SoleScore · development</p>
<h1>Mail inbox</h1>
<p class="lead">The mail this app sent. Without <code>SMTP_URL</code> nothing is delivered: mail
stays in the running app's memory (gone at a restart) and is listed here. This page does not exist
in production. <a href="/dev/mail">Reload</a> · <a href="/api/dev/mail">The same as JSON</a></p>
${list}
</main>
</body>
</html>`;
}

function mailItem(mail: SentMail, index: number): string {
  const id = `mail-${index + 1}`;
  return `<li><article aria-labelledby="${id}">
<h2 id="${id}">${escapeHtml(mail.subject)}</h2>
<dl>
<div><dt>To</dt><dd>${escapeHtml(mail.to)}</dd></div>
<div><dt>Sent</dt><dd><time datetime="${escapeHtml(mail.sentAt)}">${escapeHtml(readableTime(mail.sentAt))}</time></dd></div>
</dl>
<div class="text">${withLinks(mail.text)}</div>
</article></li>`;
}

/** The text, escaped, with each http(s) address in it made a link to itself. */
export function withLinks(text: string): string {
  let html = '';
  let from = 0;
  for (const match of text.matchAll(LINK)) {
    const url = match[0];
    html += escapeHtml(text.slice(from, match.index));
    html += `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`;
    from = match.index + url.length;
  }
  return html + escapeHtml(text.slice(from));
}

/** `2026-05-02 14:03:11 UTC`, or the stored text when it is not a time. */
function readableTime(sentAt: string): string {
  const time = new Date(sentAt);
  if (Number.isNaN(time.getTime())) return sentAt;
  return `${time.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

const STYLE = `
*{box-sizing:border-box}
:root{--bg:#f4f4f5;--card:#fff;--text:#18181b;--muted:#52525b;--line:#d4d4d8;--link:#1d4ed8;--focus:#1d4ed8}
@media (prefers-color-scheme:dark){:root{--bg:#09090b;--card:#18181b;--text:#f4f4f5;--muted:#a1a1aa;--line:#3f3f46;--link:#93c5fd;--focus:#93c5fd}}
body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;color:var(--text);background:var(--bg);line-height:1.5}
main{max-width:46rem;margin:0 auto}
.brand{font-weight:700;letter-spacing:.02em;color:var(--link);margin:0 0 .5rem}
h1{font-size:1.6rem;margin:0 0 .5rem}
.lead,.count,.empty{color:var(--muted);margin:0 0 1.25rem}
.empty{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.25rem}
code{font-size:.9em}
a{color:var(--link);text-underline-offset:.15em}
a:focus-visible{outline:3px solid var(--focus);outline-offset:2px;border-radius:2px}
ol.mails{list-style:none;margin:0;padding:0;display:grid;gap:1rem}
article{background:var(--card);border:1px solid var(--line);border-radius:.75rem;padding:1.25rem 1.5rem}
h2{font-size:1.15rem;margin:0 0 .75rem}
dl{display:grid;grid-template-columns:repeat(auto-fit,minmax(12rem,1fr));gap:.5rem 1rem;margin:0 0 1rem}
dt{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:var(--muted)}
dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.text{white-space:pre-wrap;overflow-wrap:anywhere;border-top:1px solid var(--line);padding-top:1rem}
`;
