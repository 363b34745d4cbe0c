import type { CommandBus } from '@nestjs/cqrs';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { ExpireDueBoostsCommand } from '../../application/community/expire-due-boosts/expire-due-boosts.command';
import type { Clock } from '../../application/shared/clock';
import { KeptAtPosition } from '../../application/shared/kept-at-position';
import type { Encoding } from '../compression/compression.middleware';
import { strongEtag } from '../shared/etag';
import type { ApiAnswer, PublicReads } from './public-reads';

/** What the frontend's render answers (frontend/src/entry-server.tsx, `RenderedPage`). */
export interface RenderedPage {
  status: 200 | 404;
  html: string;
  /** Tags for the head: the preload of the page's main photo. */
  head: string;
  state: unknown;
  structuredData: Record<string, unknown> | null;
}

/** The app's page a rendered page goes into: index.html with the address's head, and its status. */
export interface PageFrame {
  template: string;
  status: number;
}

/**
 * A rendered page as it is sent: its bytes, its ETag and status, and the compressed copies made
 * so far (each made once per kept page and encoding, see `sendBytes`).
 */
export interface SentPage {
  body: Buffer;
  etag: string;
  status: number;
  compressed: Partial<Record<Encoding, Buffer>>;
}

/** What the render knows of a visitor (frontend/src/entry-server.tsx, `Visitor`). */
export interface Visitor {
  /** Their cookie says they passed the age gate: the page is drawn without it. */
  ageVerified: boolean;
}

/** The frontend's server bundle (dist/.ssr/entry-server.cjs). */
export interface PageRenderer {
  answerReadsWith(reads: (path: string) => Promise<ApiAnswer>): void;
  renderPage(url: string, publicUrl: string, visitor: Visitor): Promise<RenderedPage>;
}

/** Where the frontend's build puts its server bundle, inside the built frontend's folder. */
export const SERVER_BUNDLE = join('.ssr', 'entry-server.cjs');

/** The built frontend's render, or null when the build has none (the pages are sent unrendered). */
export function loadPageRenderer(frontendDir: string): PageRenderer | null {
  const file = join(frontendDir, SERVER_BUNDLE);
  if (!existsSync(file)) return null;
  return createRequire(__filename)(file) as PageRenderer;
}

const SERVER_RENDERED = [
  /^\/$/,
  /^\/leaderboard\/?$/,
  /^\/leaderboard\/weeks\/?$/,
  /^\/post\/[^/]+\/?$/,
  /^\/user\/[^/]+\/?$/,
  /^\/termsofservice\/?$/,
  /^\/privacypolicy\/?$/,
  /^\/how-ratings-work\/?$/,
];

/** The public pages the server renders (the not-found page too, for any path not the app's). */
export function isServerRenderedPath(path: string): boolean {
  return SERVER_RENDERED.some((pattern) => pattern.test(path));
}

/**
 * The query parameters each server-rendered page reads (its route's `validateSearch` in the
 * frontend); the pages read no other, and a page not listed reads none. The frontend's
 * `server-rendered-parameters.test.ts` checks this list against the routes.
 */
const PAGE_PARAMETERS: readonly (readonly [RegExp, readonly string[]])[] = [
  [/^\/leaderboard\/?$/, ['q', 'sort', 'tab']],
  [/^\/post\/[^/]+\/?$/, ['boost', 'posted', 'session_id']],
];

/** The address every path that is none of the app's pages is rendered at: the not-found page. */
export const NOT_FOUND_PAGE_URL = '/-/not-found';

/**
 * The address a page is rendered and kept at: its path, and of its query only the parameters
 * the page reads, in one order, each once. Any other parameter changes nothing on the page, so
 * it is served from the same kept page instead of costing a render each.
 */
export function canonicalPageUrl(url: string): string {
  const { pathname, searchParams } = new URL(url, 'http://page.invalid');
  const reads = PAGE_PARAMETERS.find(([pattern]) => pattern.test(pathname))?.[1] ?? [];
  const kept = new URLSearchParams();
  for (const name of reads) {
    const value = searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${pathname}?${query}` : pathname;
}

/** How long a rendered page may be sent again while no event was projected. */
export const RENDERED_PAGE_SECONDS = 5;
/** Distinct pages kept at once. */
const KEPT_PAGES = 512;

/**
 * The public pages as a signed-out visitor sees them, rendered by the frontend's bundle from the
 * api's reads in process, and kept briefly: a page is kept with the position of the last
 * projected event, and rendered again once any other event is projected (a like, a comment, a
 * removal, an erasure) or after RENDERED_PAGE_SECONDS (the week's board moves with the clock).
 * So a page is never older than the read models: a removed post is gone from the next page.
 */
export class ServerRenderedPages {
  private readonly pages = new KeptAtPosition<SentPage>(KEPT_PAGES);

  constructor(
    private readonly renderer: PageRenderer,
    reads: PublicReads,
    private readonly commandBus: CommandBus,
    private readonly clock: Clock,
    private readonly publicUrl: string,
  ) {
    renderer.answerReadsWith((path) => reads.get(path));
  }

  /**
   * The page at `address` (its path and query; see `canonicalPageUrl`) as it is sent to
   * `visitor`, in the frame `frame` gives (read only when the page is rendered: the frame, like
   * the page, is read from the read models, so it is kept with it). A page is kept twice at
   * most: with the age gate and without.
   */
  async of(
    address: string,
    frame: () => Promise<PageFrame>,
    visitor: Visitor = { ageVerified: false },
  ): Promise<SentPage> {
    const url = canonicalPageUrl(address);
    const render = async (): Promise<SentPage> => {
      const [{ template, status }, page] = await Promise.all([
        frame(),
        this.renderer.renderPage(url, this.publicUrl, visitor),
      ]);
      const body = Buffer.from(withRenderedPage(template, page));
      return {
        body,
        etag: strongEtag(body),
        status: Math.max(status, page.status),
        compressed: {},
      };
    };
    // Boosts that ran out end first, so no kept page shows them (as BoardAnswers does).
    const position = await this.commandBus.execute(new ExpireDueBoostsCommand());
    if (position === null) return render();
    const period = Math.floor(this.clock.now().getTime() / (RENDERED_PAGE_SECONDS * 1000));
    const gate = visitor.ageVerified ? 'passed' : 'gate';
    return this.pages.get(`${period} ${gate} ${url}`, position, render);
  }
}

/**
 * The app's page (`template`: index.html, with the page's head) holding a rendered page: its
 * markup in `#root`, the query cache it was drawn from in a JSON data block (main.tsx hydrates
 * from it), and in the head its JSON-LD and the preload of its photo. Data blocks run nothing: the CSP needs no allowance.
 */
export function withRenderedPage(template: string, page: RenderedPage): string {
  let html = template.replace(
    /<div id="root"><\/div>/,
    () =>
      `<div id="root">${page.html}</div>\n    <script type="application/json" id="server-state">${jsonInScript(page.state)}</script>`,
  );
  const head = [
    page.head,
    page.structuredData
      ? `<script type="application/ld+json">${jsonInScript(page.structuredData)}</script>`
      : '',
  ].filter(Boolean);
  if (head.length > 0)
    html = html.replace(/<\/head>/i, () => `  ${head.join('\n    ')}\n  </head>`);
  return html;
}

/** JSON that cannot end its `<script>` element early, whatever members wrote in it. */
export function jsonInScript(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
