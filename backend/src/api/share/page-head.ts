import { escapeHtml } from '../../application/shared/escape-html';

/**
 * The head of the app's page for a link worth a preview: its own title and description, and the
 * Open Graph and Twitter card tags unfurlers (X, WhatsApp, Slack, Discord, Reddit, Facebook)
 * read without running the app's JavaScript. Every value is escaped: names and texts come from
 * members.
 */
export interface PageHead {
  /** The document's `<title>`, the same the app sets once it runs. */
  title: string;
  /** `og:title`: what the card says in bold. */
  cardTitle: string;
  description: string;
  /** The page's absolute address (PUBLIC_URL and its path). */
  url: string;
  type: 'website' | 'article' | 'profile';
  image: PageImage | null;
}

export interface PageImage {
  url: string;
  width: number;
  height: number;
  alt: string;
}

export const SITE_NAME = 'SoleScore';

/** `indexHtml` with `tags` at the end of its head; null when it has no `</head>`. */
export function withHeadTags(indexHtml: string, tags: string): string | null {
  const headEnd = indexHtml.search(/<\/head>/i);
  if (headEnd < 0) return null;
  return `${indexHtml.slice(0, headEnd)}${tags}${indexHtml.slice(headEnd)}`;
}

/** The tags of `head`, one a line. */
export function headTags(head: PageHead): string {
  const property = (name: string, content: string | number) =>
    `<meta property="${name}" content="${escapeHtml(String(content))}" />`;
  const named = (name: string, content: string) =>
    `<meta name="${name}" content="${escapeHtml(content)}" />`;
  return [
    `<title>${escapeHtml(head.title)}</title>`,
    named('description', head.description),
    `<link rel="canonical" href="${escapeHtml(head.url)}" />`,
    property('og:site_name', SITE_NAME),
    property('og:type', head.type),
    property('og:title', head.cardTitle),
    property('og:description', head.description),
    property('og:url', head.url),
    ...(head.image
      ? [
          property('og:image', head.image.url),
          property('og:image:width', head.image.width),
          property('og:image:height', head.image.height),
          property('og:image:alt', head.image.alt),
        ]
      : []),
    named('twitter:card', head.image ? 'summary_large_image' : 'summary'),
    named('twitter:title', head.cardTitle),
    named('twitter:description', head.description),
    ...(head.image
      ? [named('twitter:image', head.image.url), named('twitter:image:alt', head.image.alt)]
      : []),
  ].join('\n    ');
}

/**
 * The app's page with `head` in place of its generic title and description. The page is the
 * built index.html: one `<title>` and one description meta, which are replaced; the rest of
 * the tags go where the title was.
 */
export function withHead(indexHtml: string, head: PageHead): string {
  return indexHtml
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
    .replace(/<title>[\s\S]*?<\/title>/i, () => headTags(head));
}
