import type { QueryBus } from '@nestjs/cqrs';
import { GetClosedWeeksQuery } from '../../application/community/get-closed-weeks/get-closed-weeks.query';
import { GetCommentsQuery } from '../../application/community/get-comments/get-comments.query';
import { GetPostQuery } from '../../application/community/get-post/get-post.query';
import type { BoardAnswer, BoardAnswers } from '../community/board-answers';
import { generalBoardAnswer, weeklyBoardAnswer } from '../community/board-reads';
import { BoardQueryDto, PageQueryDto } from '../community/community.dto';
import { toPostResponse } from '../community/post.view';
import { publicProfileAnswer } from '../user/public-profile-answer';
import { threadBody, threadPageLink } from '../community/thread-answers';
import { homeSummaryAnswer } from '../community/this-week.controller';
import { toWeekResponse } from '../community/week.view';
import { toHttpError } from '../errors/http-error.filter';
import { apiValidationPipe } from '../shared/validation';

/** What the api answers a visitor's GET: the renderer's `ApiAnswer` (frontend/src/entry-server.tsx). */
export interface ApiAnswer {
  status: number;
  body: string;
  link?: string | null;
}

const POST = /^\/api\/posts\/([^/]+)$/;
const COMMENTS = /^\/api\/posts\/([^/]+)\/comments$/;
const PROFILE = /^\/api\/users\/([^/]+)$/;

/**
 * The api's public reads, answered in process for the server's render of a page: the paths the
 * public pages' loaders ask for, each read through the same queries, views and validation as its
 * controller, as a signed-out visitor gets it (PostsController, LeaderboardController,
 * UserController, ThisWeekController). A 4xx is an answer (a missing post draws its not-found page); anything else,
 * and a path not listed here, throws, and the page is sent unrendered.
 */
export class PublicReads {
  private readonly validation = apiValidationPipe();

  constructor(
    private readonly queryBus: QueryBus,
    private readonly boards: BoardAnswers,
  ) {}

  async get(path: string): Promise<ApiAnswer> {
    const url = new URL(path, 'http://in-process');
    try {
      return await this.read(url.pathname, Object.fromEntries(url.searchParams));
    } catch (error) {
      const { status, message } = toHttpError(error);
      if (status >= 500) throw error;
      return { status, body: JSON.stringify({ message }) };
    }
  }

  private async read(pathname: string, query: Record<string, string>): Promise<ApiAnswer> {
    if (pathname === '/api/posts') return this.board(query);
    if (pathname === '/api/leaderboard/weekly') return this.weekly(query);
    if (pathname === '/api/home/summary') return json(await homeSummaryAnswer(this.queryBus));
    if (pathname === '/api/leaderboard/weeks') {
      const weeks = await this.queryBus.execute(new GetClosedWeeksQuery());
      return json(weeks.map(toWeekResponse));
    }
    const post = POST.exec(pathname);
    if (post) {
      return json(toPostResponse(await this.queryBus.execute(new GetPostQuery(id(post), null))));
    }
    const comments = COMMENTS.exec(pathname);
    if (comments) {
      const page = await this.validated(PageQueryDto, query);
      const postId = id(comments);
      const thread = await this.queryBus.execute(
        new GetCommentsQuery(postId, null, { limit: page.limit, cursor: page.cursor }),
      );
      return {
        status: 200,
        body: threadBody(thread).body.toString('utf8'),
        link: threadPageLink(postId, page.limit, thread.nextCursor),
      };
    }
    const profile = PROFILE.exec(pathname);
    if (profile) return json(await publicProfileAnswer(this.queryBus, id(profile)));
    throw new Error(`No in-process read for ${pathname}`);
  }

  private async board(raw: Record<string, string>): Promise<ApiAnswer> {
    const query = await this.validated(BoardQueryDto, raw);
    return boardPage(await generalBoardAnswer(this.boards, this.queryBus, query));
  }

  private async weekly(raw: Record<string, string>): Promise<ApiAnswer> {
    const query = await this.validated(PageQueryDto, raw);
    return boardPage(await weeklyBoardAnswer(this.boards, this.queryBus, query));
  }

  private validated<T extends object>(type: new () => T, raw: Record<string, string>): Promise<T> {
    return this.validation.transform(raw, { type: 'query', metatype: type }) as Promise<T>;
  }
}

function id(match: RegExpExecArray): string {
  return decodeURIComponent(match[1]!);
}

function boardPage(answer: BoardAnswer): ApiAnswer {
  return { status: 200, body: answer.body.toString('utf8'), link: answer.link };
}

function json(value: unknown): ApiAnswer {
  return { status: 200, body: JSON.stringify(value) };
}
