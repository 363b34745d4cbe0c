import { Inject, Injectable } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Response } from 'express';
import { ExpireDueBoostsCommand } from '../../application/community/expire-due-boosts/expire-due-boosts.command';
import type { BoardPage } from '../../application/community/post-views';
import { CLOCK, type Clock } from '../../application/shared/clock';
import { KeptAtPosition } from '../../application/shared/kept-at-position';
import { isoWeek, WEEK_MS, weekStart } from '../../domain/competition/iso-week';
import { type Encoding, sendJsonBytes } from '../compression/compression.middleware';
import { strongEtag } from '../shared/etag';
import { toPostResponse } from './post.view';

/** A board page as the wire carries it. */
export interface BoardAnswer {
  body: Buffer;
  etag: string;
  /** The next page's `Link` header, or null on the last page. */
  link: string | null;
  /** The body compressed for the encodings asked for so far, each made once. */
  compressed: Partial<Record<Encoding, Buffer>>;
}

/** Distinct pages kept at once (first pages, searches, deeper pages): a few MB at most. */
const MAX_PAGES = 256;

/**
 * Board pages, serialised once and shared by every visitor: a page holds no viewer's state, and
 * under load most ask for the same first pages. A page kept at an older projected position is
 * read again, so read-your-writes holds; if it serialises to the same bytes the kept answer stays,
 * with its ETag and compressed copies, so hashing and compressing happen once per version of a
 * page, not per event. The ISO week is in the key: the weekly board moves with the clock.
 */
@Injectable()
export class BoardAnswers {
  private readonly pages = new KeptAtPosition<BoardAnswer>(MAX_PAGES);
  /** The ISO week of the last answer and the span of time it names. */
  private week = { name: '', from: 0, until: 0 };

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async answer(
    path: string,
    params: Record<string, string | number | undefined>,
    read: () => Promise<BoardPage>,
  ): Promise<BoardAnswer> {
    const build = async () => serialise(path, params, await read());
    // A boost that has run out ends first (its BoostExpired moves the position answered), so
    // no kept page shows it first: time alone does not move the read models.
    const position = await this.commandBus.execute(new ExpireDueBoostsCommand());
    if (position === null) return build();
    const key = `${this.weekOf(this.clock.now())} ${path} ${JSON.stringify(params)}`;
    return this.pages.get(key, position, (kept) =>
      build().then((fresh) => unchangedOr(kept, fresh)),
    );
  }

  /** The ISO week that holds `now`, worked out again only when `now` leaves the last one. */
  private weekOf(now: Date): string {
    const at = now.getTime();
    if (at < this.week.from || at >= this.week.until) {
      const from = weekStart(now).getTime();
      this.week = { name: isoWeek(now), from, until: from + WEEK_MS };
    }
    return this.week.name;
  }
}

/** The kept answer when the page read again is the same, byte for byte; else the fresh one. */
async function unchangedOr(
  kept: Promise<BoardAnswer> | undefined,
  fresh: BoardAnswer,
): Promise<BoardAnswer> {
  const previous = await kept?.catch(() => null);
  return previous && previous.link === fresh.link && previous.body.equals(fresh.body)
    ? previous
    : fresh;
}

/** The headers of a board page (see sendBoardAnswer). */
export const BOARD_PAGE_HEADERS = {
  Link: {
    description: 'The next page: `</api/…?cursor=…>; rel="next"`; absent on the last page',
    schema: { type: 'string' as const },
  },
  ETag: {
    description: 'Send it back in `If-None-Match` to get 304 while the page is unchanged',
    schema: { type: 'string' as const },
  },
};

/**
 * Sends a board page: the posts as a JSON array, and the next page's address in a
 * `Link: <…>; rel="next"` header (RFC 8288), absent on the last page. The strong `ETag` lets a
 * browser revalidate a page it holds (304 Not Modified); a compressed answer's ETag names its
 * encoding, and each page is compressed at most once per encoding.
 */
export function sendBoardAnswer(response: Response, answer: BoardAnswer): void {
  if (answer.link) response.setHeader('Link', answer.link);
  response.setHeader('ETag', answer.etag);
  sendJsonBytes(response, answer.body, answer.compressed);
}

function serialise(
  path: string,
  params: Record<string, string | number | undefined>,
  page: BoardPage,
): BoardAnswer {
  const body = Buffer.from(JSON.stringify(page.items.map(toPostResponse)));
  const etag = strongEtag(body);
  return {
    body,
    etag,
    link: page.nextCursor ? nextLink(path, params, page.nextCursor) : null,
    compressed: {},
  };
}

function nextLink(
  path: string,
  params: Record<string, string | number | undefined>,
  cursor: string,
): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  query.set('cursor', cursor);
  return `<${path}?${query.toString()}>; rel="next"`;
}
