import { randomUUID } from 'node:crypto';
import type { CommentView } from '../../application/community/post-views';
import { seededRandom } from '../../../test/support/seeded-random';
import { LIKED_BY_NOBODY, toCommentResponse } from './post.view';
import { threadBody } from './thread-answers';

/** What the thread's bytes must equal: its comments as toCommentResponse gives them, in JSON. */
const plainly = (comments: readonly CommentView[], liked: ReadonlySet<string>) =>
  JSON.stringify(comments.map((view) => toCommentResponse(view, liked)));

describe('a thread’s bytes, shared by viewers who like none of it, made for each who likes some', () => {
  const random = seededRandom(23);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const TEXTS = ['Hi', 'He said "nice" \\o/', 'Füße 👣 \u2028 line', 'tab\there', '', '</script>'];
  const comment = (postId: string, parent: string | null): CommentView['comment'] => {
    const id = randomUUID();
    return {
      _id: id,
      postId,
      threadId: parent ?? id,
      parentCommentId: parent,
      authorId: randomUUID(),
      text: random() < 0.1 ? null : pick(TEXTS),
      likesCount: Math.floor(random() * 5),
      createdAt: new Date(1_700_000_000_000 + Math.floor(random() * 1e9)).toISOString(),
    } as CommentView['comment'];
  };
  const author = (id: string): CommentView['author'] =>
    random() < 0.2
      ? null
      : {
          id,
          anonymousUsername: `Name${Math.floor(random() * 1000)}`,
          displayUsername: random() < 0.5 ? null : pick(TEXTS),
          bio: null,
          socialLinks: null,
          profilePictureUrl: random() < 0.5 ? null : '/uploads/pictures/a.webp',
        };
  const thread = (size: number): CommentView[] => {
    const postId = randomUUID();
    return Array.from({ length: size }, () => {
      const top = comment(postId, null);
      const replies = Array.from({ length: Math.floor(random() * 4) }, () => {
        const reply = comment(postId, top._id);
        return { comment: reply, author: author(reply.authorId), replies: [] };
      });
      return { comment: top, author: author(top.authorId), replies };
    });
  };
  const everyId = (comments: readonly CommentView[]): string[] =>
    comments.flatMap((view) => [view.comment._id, ...everyId(view.replies)]);

  it.each([0, 1, 2, 7, 50])(
    'equals the plain serialisation, %i comments, whatever the viewer likes',
    (size) => {
      const comments = thread(size);
      const ids = everyId(comments);
      const likings = [
        LIKED_BY_NOBODY,
        new Set(ids),
        new Set(ids.filter(() => random() < 0.3)),
        new Set([...ids.filter(() => random() < 0.5), randomUUID()]),
      ];
      for (const liked of likings) {
        const { body } = threadBody({ comments, likedByViewer: liked });
        expect(body.toString()).toBe(plainly(comments, liked));
      }
    },
  );

  it('gives every viewer who likes none of it the same body, with one place for its compressed copies', () => {
    const comments = thread(5);
    const other = new Set([randomUUID()]);
    const signedOut = threadBody({ comments, likedByViewer: LIKED_BY_NOBODY });
    const likesElsewhere = threadBody({ comments, likedByViewer: other });
    expect(likesElsewhere.body).toBe(signedOut.body);
    expect(likesElsewhere.compressed).toBe(signedOut.compressed);
    expect(signedOut.compressed).toEqual({});
  });

  it('gives a viewer who likes some of it a body of their own, compressed as any answer', () => {
    const comments = thread(5);
    const liked = new Set([comments[3]!.comment._id]);
    const mine = threadBody({ comments, likedByViewer: liked });
    expect(mine.compressed).toBeNull();
    expect(JSON.parse(mine.body.toString())[3].likedByViewer).toBe(true);
    expect(threadBody({ comments, likedByViewer: liked }).body).not.toBe(mine.body);
  });

  it('serialises a new version of the thread (another array) afresh', () => {
    const comments = thread(3);
    const before = threadBody({ comments, likedByViewer: LIKED_BY_NOBODY });
    const edited = comments.map((view, i) =>
      i === 1 ? { ...view, comment: { ...view.comment, likesCount: 99 } } : view,
    );
    const after = threadBody({ comments: edited, likedByViewer: LIKED_BY_NOBODY });
    expect(after.body).not.toBe(before.body);
    expect(after.body.toString()).toBe(plainly(edited, LIKED_BY_NOBODY));
  });
});
