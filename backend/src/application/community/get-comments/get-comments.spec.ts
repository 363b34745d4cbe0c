import { randomUUID } from 'node:crypto';
import { POST_NOT_FOUND } from '../../../domain/post/post.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { postPublished } from '../../../../test/support/community-use-cases';
import {
  type UseCaseSpecification,
  type UseCaseWorld,
  useCase,
} from '../../../../test/support/use-case-specification';
import { PostCommentCommand } from '../post-comment/post-comment.command';
import { PostCommentHandler } from '../post-comment/post-comment.handler';
import type { CommentView, ThreadView } from '../post-views';
import {
  commentLiked,
  commentPosted,
  communityServices,
  visibilityChanged,
} from '../testing/community-use-cases';
import { GetCommentsHandler } from './get-comments.handler';
import { GetCommentsQuery } from './get-comments.query';
import { KEPT_THREADS, KeptThreads } from './kept-threads';

/** A page that holds every thread of these posts. */
const PAGE = { limit: 100 };

describe('get a post’s comments', () => {
  const [first, second] = [randomUUID(), randomUUID()];
  const author = randomUUID();
  const member = randomUUID();
  const postId = randomUUID();

  /** Two comments by the author, the second liked by the member. */
  const givenTwoComments = <Command, Answer>(spec: UseCaseSpecification<Command, Answer>) =>
    spec
      .given(`post-${postId}`, postPublished(postId, author))
      .given(`comment-${first}`, commentPosted(first, postId, author))
      .given(`comment-${second}`, commentPosted(second, postId, author))
      .given(`like-comment-${second}-${member}`, commentLiked(second, postId, member));
  const handlerOn = (world: UseCaseWorld) => {
    const { reads } = communityServices(world);
    return new GetCommentsHandler(reads, new KeptThreads(reads, world.progress));
  };
  const getComments = givenTwoComments(useCase(handlerOn));
  const seenBy = (viewerId: string | null) =>
    new GetCommentsQuery(postId, viewerId, { limit: 100 });

  /** Which of the comments the viewer likes, by id. */
  const likedIn = ({ comments, likedByViewer }: ThreadView) =>
    Object.fromEntries(
      comments.map((view) => [view.comment._id, likedByViewer.has(view.comment._id)]),
    );
  const likedBy = async (viewerId: string | null) => {
    const { answer, error } = await getComments.when(seenBy(viewerId)).outcome();
    if (error) throw error;
    return likedIn(answer!);
  };

  it('says which comments the viewer likes, from the likes read model', async () => {
    expect(await likedBy(member)).toEqual({ [first]: false, [second]: true });
  });

  it('says none for another viewer or a signed-out one', async () => {
    expect(await likedBy(author)).toEqual({ [first]: false, [second]: false });
    expect(await likedBy(null)).toEqual({ [first]: false, [second]: false });
  });

  it('nests replies under their comment', async () => {
    const [reply, later] = [randomUUID(), randomUUID()];
    // (Every event here is posted at the same instant: the order among them is not asked.)
    const { answer } = await getComments
      .given(`comment-${reply}`, commentPosted(reply, postId, author, 'A reply', first))
      .given(`comment-${later}`, commentPosted(later, postId, author, 'Later', first))
      .when(seenBy(null))
      .outcome();
    const ids = (views: readonly CommentView[]) => new Set(views.map((view) => view.comment._id));
    expect(ids(answer!.comments)).toEqual(new Set([first, second]));
    const parent = answer!.comments.find((view) => view.comment._id === first)!;
    expect(ids(parent.replies)).toEqual(new Set([reply, later]));
  });

  describe('a thread read once for every viewer while the read models stay put', () => {
    /** A request of the thread by a viewer, or a comment the author posts between requests. */
    type Step = { viewerId: string | null } | { authorComments: string };
    /**
     * The steps in turn on one handler (so with its kept threads): answers what each request
     * got, its thread or its refusal.
     */
    const inTurn = givenTwoComments(
      useCase((world) => {
        const handler = handlerOn(world);
        const { writes, reads, bannedAuthors } = communityServices(world);
        const comments = new PostCommentHandler(writes, reads, bannedAuthors);
        return {
          execute: async (steps: Step[]) => {
            const answers: (ThreadView | Error)[] = [];
            for (const step of steps) {
              if ('authorComments' in step) {
                await comments.execute(
                  new PostCommentCommand(author, postId, step.authorComments, null, 'c-1'),
                );
              } else {
                answers.push(
                  await handler.execute(seenBy(step.viewerId)).catch((error: Error) => error),
                );
              }
            }
            return answers;
          },
        };
      }),
    );
    const threadsOf = async (
      spec: UseCaseSpecification<Step[], (ThreadView | Error)[]>,
      steps: Step[],
    ) => {
      const { answer, error } = await spec.when(steps).outcome();
      if (error) throw error;
      return answer!;
    };

    it('answers the same thread again until another event is projected', async () => {
      const [once, again] = (await threadsOf(inTurn, [
        { viewerId: member },
        { viewerId: null },
      ])) as ThreadView[];
      expect(again!.comments).toBe(once!.comments);
      expect(Object.isFrozen(once!.comments)).toBe(true);
    });

    it('reads it again once any event is projected: a new comment is seen at once', async () => {
      const [before, after] = (await threadsOf(inTurn, [
        { viewerId: null },
        { authorComments: 'A third one' },
        { viewerId: null },
      ])) as ThreadView[];
      expect(after!.comments).not.toBe(before!.comments);
      expect(after!.comments.map((view) => view.comment.text)).toContain('A third one');
    });

    it('reads each viewer’s likes on every request, never from the kept thread', async () => {
      const [signedOut, liker] = (await threadsOf(inTurn, [
        { viewerId: null },
        { viewerId: member },
      ])) as ThreadView[];
      expect(likedIn(signedOut!)).toEqual({ [first]: false, [second]: false });
      expect(likedIn(liker!)).toEqual({ [first]: false, [second]: true });
    });

    it('checks who may see the post on every request: a hidden post’s kept thread is its author’s only', async () => {
      const [byAuthor, byMember, signedOut] = await threadsOf(
        inTurn.given(`post-${postId}`, visibilityChanged(postId, author)),
        [{ viewerId: author }, { viewerId: member }, { viewerId: null }],
      );
      expect((byAuthor as ThreadView).comments).toHaveLength(2);
      expect(byMember).toEqual(new NotFoundError(POST_NOT_FOUND));
      expect(signedOut).toEqual(new NotFoundError(POST_NOT_FOUND));
    });

    it('keeps at most KEPT_THREADS posts, dropping the one kept longest', async () => {
      const others = Array.from({ length: KEPT_THREADS }, () => randomUUID());
      const keeping = givenTwoComments(
        useCase((world) => {
          const { reads } = communityServices(world);
          const kept = new KeptThreads(reads, world.progress);
          const threadReads = jest.spyOn(reads, 'thread');
          return {
            execute: async () => {
              const oldest = await kept.thread(postId, PAGE);
              for (const other of others) await kept.thread(other, PAGE);
              const lastAgain = await kept.thread(others.at(-1)!, PAGE);
              const readsWhileKept = threadReads.mock.calls.length;
              // The first post was dropped to make room for the last: read again, a new array.
              const oldestAgain = await kept.thread(postId, PAGE);
              const readsAfter = threadReads.mock.calls.length;
              return { lastAgain, readsWhileKept, oldestIsNew: oldestAgain !== oldest, readsAfter };
            },
          };
        }),
      );
      await keeping.when(undefined).thenAnswers({
        lastAgain: { threads: [], nextCursor: null },
        readsWhileKept: KEPT_THREADS + 1,
        oldestIsNew: true,
        readsAfter: KEPT_THREADS + 2,
      });
    });

    it('does not keep a failed read: the next request reads again', async () => {
      const failingOnce = givenTwoComments(
        useCase((world) => {
          const { reads } = communityServices(world);
          const kept = new KeptThreads(reads, world.progress);
          jest.spyOn(reads, 'thread').mockRejectedValueOnce(new Error('disk gone'));
          return {
            execute: async () => {
              const failed = await kept.thread(postId, PAGE).catch((error: Error) => error.message);
              return { failed, next: (await kept.thread(postId, PAGE)).threads.length };
            },
          };
        }),
      );
      await failingOnce.when(undefined).thenAnswers({ failed: 'disk gone', next: 2 });
    });
  });
});

describe('a post with 3,000 comments', () => {
  const postId = randomUUID();
  const author = randomUUID();
  const threads = Array.from({ length: 3_000 }, () => randomUUID());
  const replied = threads.filter((_, i) => i % 10 === 0);
  const replyOf = new Map<string, string>(replied.map((thread) => [thread, randomUUID()]));

  let spec = useCase((world) => {
    const { reads } = communityServices(world);
    const handler = new GetCommentsHandler(reads, new KeptThreads(reads, world.progress));
    return {
      execute: async () => {
        const pages: ThreadView[] = [];
        let cursor: string | undefined;
        do {
          const page = await handler.execute(
            new GetCommentsQuery(postId, null, { limit: 100, cursor }),
          );
          pages.push(page);
          cursor = page.nextCursor ?? undefined;
        } while (cursor);
        return pages;
      },
    };
  }).given(`post-${postId}`, postPublished(postId, author));
  for (const thread of threads) {
    spec = spec.given(`comment-${thread}`, commentPosted(thread, postId, author));
    const reply = replyOf.get(thread);
    if (reply) {
      spec = spec.given(`comment-${reply}`, commentPosted(reply, postId, author, 'Re', thread));
    }
  }

  it('opens on a page of threads, and its thread pages on to the last, each thread once with its replies', async () => {
    const pages = (await spec.when(undefined).outcome()).answer!;
    expect(pages).toHaveLength(30);
    expect(pages.every((page) => page.comments.length === 100)).toBe(true);
    expect(pages.at(-1)!.nextCursor).toBeNull();
    const read = pages.flatMap((page) => page.comments);
    // Oldest first; these were all posted at one moment, so by id.
    expect(read.map((view) => view.comment._id)).toEqual([...threads].sort());
    for (const view of read) {
      const reply = replyOf.get(view.comment._id);
      expect(view.replies.map((each) => each.comment._id)).toEqual(reply ? [reply] : []);
    }
  });
});
