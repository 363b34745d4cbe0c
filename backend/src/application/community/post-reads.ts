import { Inject, Injectable } from '@nestjs/common';
import { isoWeek, startOfIsoWeek } from '../../domain/competition/iso-week';
import { COMMENT_NOT_FOUND } from '../../domain/comment/comment.decider';
import { POST_NOT_FOUND } from '../../domain/post/post.decider';
import { NotFoundError } from '../../domain/shared/errors';
import type { Filter, ReadStore, Sort } from '../ports/read-store.port';
import { READ_STORE } from '../ports/read-store.port';
import { COMMENTS, type CommentDocument } from '../../projections/comments/comments.projection';
import { BOARD_SORTS, POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { nameSearchFilter } from '../../projections/users/name-grams';
import {
  WEEKLY_COMPETITIONS,
  type WeeklyCompetitionDocument,
} from '../../projections/weekly-competitions/weekly-competitions.projection';
import { CLOCK, type Clock } from '../shared/clock';
import type { LikeTarget } from '../../domain/like/like.decider';
import { BOOSTS, type BoostDocument } from '../../projections/boosts/boosts.projection';
import { PHOTO_RATINGS } from '../../projections/photo-ratings/photo-ratings.projection';
import type { AuthorProfile, BoardPage, CommentView, PostView, ThreadPage } from './post-views';
import { placedOnlyIfRated, publicProfile, withCurrentBoost } from './post-views';
import { likedComments, likes } from './viewer-likes';
import { asVoter } from './voter-reads';
import { withoutWithdrawnWinners } from './withdrawn-winners';
import { type BatchRead, batchRead } from '../ports/read-batch';
import type { Voter } from '../../domain/post-rating/vote-standing';
import { LIKES, type LikeDocument } from '../../projections/likes/likes.projection';
import { VOTERS, type VoterDocument } from '../../projections/voters/voters.projection';
import {
  decodeCursor,
  decodeThreadCursor,
  encodeCursor,
  encodeThreadCursor,
  positionOf,
} from './board-cursor';
import type { CommentContext } from '../../domain/comment/comment-filter';
import { commentScreening } from './post-comment/comment-screening';
import { hiddenInThread } from '../shared/hidden-comments';

export type BoardSort = 'recent' | 'top';

export const DEFAULT_PAGE_SIZE = 24;
/** The most accounts a board search narrows to. */
export const SEARCHED_AUTHORS = 200;
export const MAX_PAGE_SIZE = 100;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Reads of the community read models. Boards walk the posts collection's indexes with keyset
 * paging: a cursor holds the sort values of the last post shown (and how many came before, for
 * ranks), so posts arriving meanwhile never repeat or skip one on the next page.
 */
@Injectable()
export class PostReads {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * Whether a post shows these bytes, or a rating not yet published waits with the file at
   * `imageUrl` (the same photo uploaded again): then a deleted post's files stay.
   */
  async photoInUse(contentHash: string, imageUrl: string): Promise<boolean> {
    const [shown, waiting] = await Promise.all([
      this.readStore.count(POSTS, { contentHash }),
      this.readStore.count(PHOTO_RATINGS, { imageUrl, status: 'rated', postId: null }),
    ]);
    return shown > 0 || waiting > 0;
  }

  /** The boost running on the post now, if one is. */
  async runningBoost(postId: string): Promise<BoostDocument | null> {
    const now = this.clock.now();
    const running = await this.readStore.find<BoostDocument>(BOOSTS, { postId, status: 'active' });
    return running.find((boost) => boost.expiresAt && new Date(boost.expiresAt) > now) ?? null;
  }

  /** The account's oldest unused boost, leaving out `skipped` ones (taken by a racing twin). */
  async oldestUnclaimedBoost(
    userId: string,
    skipped: ReadonlySet<string> = new Set(),
  ): Promise<BoostDocument | null> {
    const oldest = await this.readStore.find<BoostDocument>(
      BOOSTS,
      { userId, status: 'unclaimed' },
      { sort: { createdAt: 1 }, limit: skipped.size + 1 },
    );
    return oldest.find((boost) => !skipped.has(boost._id)) ?? null;
  }

  /** Whether `userId` likes the post or comment, from the likes read model. */
  likes(target: LikeTarget, targetId: string, userId: string): Promise<boolean> {
    return likes(this.readStore, target, targetId, userId);
  }

  async board(options: {
    sort: BoardSort;
    search?: string;
    limit: number;
    cursor?: string;
  }): Promise<BoardPage> {
    const board: Filter = { listed: true };
    const filter = await this.searchFilter(board, options.search);
    if (!filter) return { items: [], nextCursor: null };
    return this.page(
      filter,
      BOARD_SORTS[options.sort],
      options,
      options.sort === 'top' ? board : null,
    );
  }

  /**
   * This week's posts (Monday 00:00 UTC on), ranked by rating only: boosts do not count. A
   * search keeps each post's rank on the whole week's board. Only rated posts have a place:
   * unrated ones (a direct post nobody has rated yet) sort after them and carry no rank.
   */
  async weekly(options: { search?: string; limit: number; cursor?: string }): Promise<BoardPage> {
    const board: Filter = { listed: true, week: isoWeek(this.clock.now()) };
    const filter = await this.searchFilter(board, options.search);
    if (!filter) return { items: [], nextCursor: null };
    const page = await this.page(filter, BOARD_SORTS.weekly, options, board);
    return { ...page, items: page.items.map(placedOnlyIfRated) };
  }

  /** The board's filter narrowed to the authors a search matches; null when none does. */
  private async searchFilter(filter: Filter, search: string | undefined): Promise<Filter | null> {
    const text = search?.trim();
    if (!text) return filter;
    const authorIds = await this.authorsMatching(text);
    return authorIds.length === 0 ? null : { ...filter, authorId: { $in: authorIds } };
  }

  /** The best `limit` rated posts of a week, as the weekly board ranks them. */
  async topOfWeek(week: string, limit: number): Promise<PostView[]> {
    const board: Filter = { listed: true, week };
    const { items } = await this.page(board, BOARD_SORTS.weekly, { limit }, board);
    return items.filter((item) => item.post.averageRating !== null);
  }

  /** A post as its page shows it; hidden ones only to their author. */
  /** A post as its page shows it, with its author (one round trip); hidden ones only to their author. */
  async post(postId: string, viewerId: string | null): Promise<PostView> {
    const { post } = await this.readStore.readMany({
      post: batchRead.findOneJoined<PostDocument, UserDocument>(POSTS, this.byId(postId), {
        collection: USERS,
        localField: 'authorId',
      }),
    });
    return {
      post: this.visible(post?.document ?? null, viewerId),
      author: post?.joined ? publicProfile(post.joined) : null,
    };
  }

  /** The post's rank on this week's board, as the board shows it; null when it has none. */
  async weeklyRank(post: PostDocument): Promise<number | null> {
    const { before } = await this.readStore.readMany({ before: this.weeklyRankRead(post) });
    return before.length === 0 ? null : before[0] + 1;
  }

  /**
   * The post's place on this week's board as a read of a batch: how many posts come before it
   * (its rank less one), or no position (answered []) when it has none.: no
   * position (answered []) when it has none.
   */
  weeklyRankRead(post: PostDocument): BatchRead<number[]> {
    const board: Filter = { listed: true, week: isoWeek(this.clock.now()) };
    const ranked = post.listed && post.week === board.week && post.averageRating !== null;
    const sort = BOARD_SORTS.weekly;
    return batchRead.countBefore(POSTS, board, sort, ranked ? [positionOf(sort, post)] : []);
  }

  /** A post that the viewer may see and act on, or NotFoundError('Post not found'). */
  async visiblePost(postId: string, viewerId: string | null): Promise<PostDocument> {
    const post = UUID.test(postId)
      ? await this.readStore.findOne<PostDocument>(POSTS, { _id: postId })
      : null;
    return this.visible(post, viewerId);
  }

  /**
   * A post the viewer may act on, with the comments of it the viewer likes, in one round trip
   * (a thread's page; none liked for a signed-out viewer).
   */
  async visiblePostWithLikedComments(
    postId: string,
    viewerId: string | null,
  ): Promise<{ post: PostDocument; likedComments: ReadonlySet<string> }> {
    const { post, liked } = await this.readStore.readMany({
      post: batchRead.findOne<PostDocument>(POSTS, this.byId(postId)),
      liked: batchRead.find<LikeDocument>(
        LIKES,
        // A signed-out viewer likes nothing: a filter no document matches.
        viewerId === null ? { _id: { $in: [] } } : { postId, userId: viewerId },
      ),
    });
    return { post: this.visible(post, viewerId), likedComments: likedComments(liked) };
  }

  /**
   * A post the viewer may act on, with what the vote rules know of the viewer and of its
   * author (null for an account they do not hold), in one round trip: a like weighs who likes
   * whose post.
   */
  async visiblePostWithVoters(
    postId: string,
    viewerId: string,
  ): Promise<{ post: PostDocument; viewer: Voter | null; author: Voter | null }> {
    const { post, viewer } = await this.readStore.readMany({
      post: batchRead.findOneJoined<PostDocument, VoterDocument>(POSTS, this.byId(postId), {
        collection: VOTERS,
        localField: 'authorId',
      }),
      viewer: batchRead.findOne<VoterDocument>(VOTERS, { _id: viewerId }),
    });
    return {
      post: this.visible(post?.document ?? null, viewerId),
      viewer: viewer && asVoter(viewer),
      author: post?.joined ? asVoter(post.joined) : null,
    };
  }

  /** The filter of a post by id; one no post matches for what is no post id. */
  private byId(postId: string): Filter {
    return UUID.test(postId) ? { _id: postId } : { _id: { $in: [] } };
  }

  /** The post if the viewer may see it, or NotFoundError('Post not found'). */
  private visible(post: PostDocument | null, viewerId: string | null): PostDocument {
    if (!post || post.removed || (!post.listed && post.authorId !== viewerId)) {
      throw new NotFoundError(POST_NOT_FOUND);
    }
    return withCurrentBoost(post, this.clock.now());
  }

  /** Every post of an author, newest first; `publicOnly` leaves out hidden ones. */
  async postsBy(authorId: string, publicOnly: boolean): Promise<PostDocument[]> {
    const posts = await this.readStore.find<PostDocument>(
      POSTS,
      { authorId },
      { sort: BOARD_SORTS.byAuthor },
    );
    const now = this.clock.now();
    return (publicOnly ? posts.filter((post) => post.listed) : posts).map((post) =>
      withCurrentBoost(post, now),
    );
  }

  async comment(commentId: string): Promise<CommentDocument> {
    const comment = UUID.test(commentId)
      ? await this.readStore.findOne<CommentDocument>(COMMENTS, { _id: commentId })
      : null;
    if (!comment || comment.hidden) throw new NotFoundError(COMMENT_NOT_FOUND);
    return comment;
  }

  /** The ids of the comment's thread hidden with their banned author (see `hiddenInThread`). */
  hiddenInThread(comment: CommentDocument): Promise<string[]> {
    return hiddenInThread(this.readStore, comment);
  }

  /**
   * A post's comments, top level oldest first, each with its replies (oldest first) nested: the
   * same for every viewer (the viewer's likes are `commentsLikedBy`).
   */
  /**
   * A page of a post's threads, oldest first: its top-level comments (keyset paged, so a post
   * with thousands of comments is read a page at a time), then their replies, each with its
   * author. Two round trips: the replies' read names the page's threads.
   */
  async thread(postId: string, page: { cursor?: string; limit: number }): Promise<ThreadPage> {
    const after = page.cursor ? decodeThreadCursor(page.cursor) : undefined;
    const authorOf = { collection: USERS, localField: 'authorId' };
    const { tops } = await this.readStore.readMany({
      tops: batchRead.findJoined<CommentDocument, UserDocument>(
        COMMENTS,
        { postId, parentCommentId: null },
        { sort: { createdAt: 1 }, limit: page.limit + 1, ...(after ? { after } : {}) },
        authorOf,
      ),
    });
    const read = tops.slice(0, page.limit);
    const threadIds = read.map(({ document }) => document._id);
    const { replies: answered } =
      threadIds.length === 0
        ? { replies: [] }
        : await this.readStore.readMany({
            replies: batchRead.findJoined<CommentDocument, UserDocument>(
              COMMENTS,
              { postId, threadId: { $in: threadIds }, parentCommentId: { $ne: null } },
              { sort: { createdAt: 1 } },
              authorOf,
            ),
          });
    // A banned author's comments are hidden until the ban is lifted.
    const shown = [...read, ...answered].filter(({ document }) => !document.hidden);
    const authors = new Map(
      shown.flatMap(({ joined }) => (joined ? [[joined._id, publicProfile(joined)] as const] : [])),
    );
    const view = (comment: CommentDocument, replies: CommentView[] = []): CommentView => ({
      comment,
      author: authors.get(comment.authorId) ?? null,
      replies,
    });
    const replies = new Map<string, CommentView[]>();
    for (const { document } of shown) {
      if (document.parentCommentId === null) replies.set(document._id, []);
    }
    for (const { document } of shown) {
      if (document.parentCommentId !== null) {
        replies.get(document.parentCommentId)?.push(view(document));
      }
    }
    const threads = shown
      .filter(({ document }) => document.parentCommentId === null)
      .map(({ document }) => view(document, replies.get(document._id)));
    const last = read[read.length - 1]?.document;
    const nextCursor = tops.length > page.limit && last ? encodeThreadCursor(last) : null;
    return { threads, nextCursor };
  }

  /** What the comment filter needs to know of the account (`comment-screening.ts`). */
  commentScreening(userId: string, postId: string, now: Date): Promise<CommentContext> {
    return commentScreening(this.readStore, userId, postId, now);
  }

  /** A comment just posted, with its author. */
  async newCommentView(commentId: string): Promise<CommentView> {
    const comment = await this.comment(commentId);
    return { comment, author: await this.author(comment.authorId), replies: [] };
  }

  /** Closed weeks, newest first. */
  async closedWeeks(): Promise<WeeklyCompetitionDocument[]> {
    return withoutWithdrawnWinners(
      this.readStore,
      await this.readStore.find<WeeklyCompetitionDocument>(
        WEEKLY_COMPETITIONS,
        { closed: true },
        { sort: { _id: -1 } },
      ),
    );
  }

  async closedWeek(week: string): Promise<WeeklyCompetitionDocument> {
    startOfIsoWeek(week); // a ValidationError for a name that is no week
    const found = await this.readStore.findOne<WeeklyCompetitionDocument>(WEEKLY_COMPETITIONS, {
      _id: week,
    });
    if (!found?.closed) throw new NotFoundError('No closed competition for that week');
    const [shown] = await withoutWithdrawnWinners(this.readStore, [found]);
    return shown!;
  }

  async author(userId: string): Promise<AuthorProfile | null> {
    const user = await this.readStore.findOne<UserDocument>(USERS, { _id: userId });
    return user ? publicProfile(user) : null;
  }

  /**
   * One page of `filter` in `sort` order. With `rankedOn`, each post carries its rank on that
   * board: its place in the page order when the page is the whole board, else (a search) how
   * many posts of the whole board come before it, plus one.
   */
  private async page(
    filter: Filter,
    sort: Sort,
    options: { limit: number; cursor?: string },
    rankedOn: Filter | null,
  ): Promise<BoardPage> {
    const cursor = options.cursor ? decodeCursor(options.cursor, sort) : null;
    // The page with its authors, in one round trip.
    const { found } = await this.readStore.readMany({
      found: batchRead.findJoined<PostDocument, UserDocument>(
        POSTS,
        filter,
        { sort, limit: options.limit + 1, after: cursor?.after },
        { collection: USERS, localField: 'authorId' },
      ),
    });
    const shown = found.slice(0, options.limit);
    const posts = shown.map(({ document }) => document);
    const before = cursor?.before ?? 0;
    const ranks =
      rankedOn === null || rankedOn === filter ? null : await this.ranksOn(rankedOn, sort, posts);
    const now = this.clock.now();
    const items = posts.map((post, index) => {
      const item: PostView = {
        post: withCurrentBoost(post, now),
        author: shown[index].joined ? publicProfile(shown[index].joined!) : null,
      };
      if (rankedOn) item.rank = ranks?.[index] ?? before + index + 1;
      return item;
    });
    const last = posts[posts.length - 1];
    const nextCursor =
      found.length > options.limit && last ? encodeCursor(sort, last, before + posts.length) : null;
    return { items, nextCursor };
  }

  /**
   * Each post's rank on the whole board: how many of its posts come before it, plus one. One
   * query for the page, whatever its size (the posts are on the board: a search narrows it).
   */
  private async ranksOn(board: Filter, sort: Sort, posts: PostDocument[]): Promise<number[]> {
    if (posts.length === 0) return [];
    const before = await this.readStore.countBefore(
      POSTS,
      board,
      sort,
      posts.map((post) => positionOf(sort, post)),
    );
    return before.map((count) => count + 1);
  }

  /**
   * The accounts whose display or anonymous username contains the search, case aside: at most
   * `SEARCHED_AUTHORS` of them, so a search that matches nearly everyone ("e") still reads a
   * bounded set and asks for their posts with a short `$in` (MongoDB merges the index scans of up
   * to 200 values).
   */
  private async authorsMatching(search: string): Promise<string[]> {
    const users = await this.readStore.find<UserDocument>(USERS, nameSearchFilter(search), {
      limit: SEARCHED_AUTHORS,
    });
    return users.map((user) => user._id);
  }
}
