import type { Actor, RecordedEvent } from '../../domain/shared/event';
import { projectionSpecification, recordedBy } from '../testing/projection-specification';
import { type PostDocument, postsProjection } from './posts.projection';

const ADMIN: Actor = { type: 'admin', id: 'a-1' };
const USER: Actor = { type: 'user', id: 'u-2' };
const recorded = (type: string, data: unknown, actor: Actor = ADMIN) =>
  recordedBy(type, data, actor);

const spec = projectionSpecification(postsProjection);
const published = recorded(
  'PostPublished',
  {
    postId: 'p-1',
    authorId: 'u-1',
    image: { imageUrl: '/i', thumbnailUrl: '/t', imageHash: 'h', contentHash: 'c' },
    ai: null,
  },
  { type: 'user', id: 'u-1' },
);
const post = (...events: RecordedEvent[]) =>
  spec.given(published, ...events).document() as PostDocument;

describe('posts projection: moderation', () => {
  it('a post starts pending review and listed; approving ends the review', () => {
    expect(post()).toMatchObject({ listed: true, isModerated: false, pendingReview: 1 });
    expect(post(recorded('PostApproved', { postId: 'p-1', authorId: 'u-1' }))).toMatchObject({
      isModerated: true,
      pendingReview: 0,
      listed: true,
    });
  });

  it('hiding, removal, auto-hide and the author’s ban each take the post off the boards', () => {
    const hide = recorded('PostVisibilityChanged', {
      postId: 'p-1',
      isPublic: false,
      reason: null,
    });
    const show = recorded('PostVisibilityChanged', { postId: 'p-1', isPublic: true, reason: null });
    const autoHide = recorded('PostAutoHidden', { postId: 'p-1', reporterCount: 3 });
    const removed = recorded('PostRemoved', { postId: 'p-1', reason: 'Not feet' });
    const ban = { userId: 'u-1', reason: 'Spam', postIds: ['p-1'], commentIds: [] };
    expect(post(hide).listed).toBe(false);
    expect(post(hide, show).listed).toBe(true);
    expect(post(autoHide)).toMatchObject({ listed: false, autoHidden: true });
    expect(post(autoHide, show)).toMatchObject({ listed: true, autoHidden: false });
    expect(post(removed)).toMatchObject({
      listed: false,
      removed: true,
      removalReason: 'Not feet',
    });
    expect(post(recorded('UserBanned', ban)).listed).toBe(false);
    expect(
      post(recorded('UserBanned', ban), recorded('UserRestrictionLifted', { ...ban, reason: null }))
        .listed,
    ).toBe(true);
    expect(
      post(hide, recorded('UserBanned', ban), recorded('UserRestrictionLifted', ban)).listed,
    ).toBe(false);
    // A post written as the ban landed joins it, and comes back with the rest.
    const joined = { ...ban, postIds: ['p-1'] };
    expect(post(recorded('UserBanExtended', joined))).toMatchObject({
      listed: false,
      authorBanned: true,
    });
    expect(
      post(recorded('UserBanExtended', joined), recorded('UserRestrictionLifted', ban)).listed,
    ).toBe(true);
  });

  it('takes a banned commenter’s comments off the post’s count, and gives them back on the lift', () => {
    const comment = (id: string) =>
      recorded('CommentPosted', { postId: 'p-1', commentId: id, threadId: id }, USER);
    const ban = {
      userId: 'u-2',
      reason: 'Spam',
      postIds: [],
      commentIds: ['c-1', 'c-2'],
      commentsByPost: { 'p-1': 2, 'p-9': 1 },
    };
    const three = [comment('c-1'), comment('c-2'), comment('c-3')];
    expect(post(...three).commentsCount).toBe(3);
    const banned = post(...three, recorded('UserBanned', ban));
    // The commenter's ban leaves the post itself on the boards.
    expect(banned).toMatchObject({ commentsCount: 1, listed: true, authorBanned: false });
    const lifted = post(
      ...three,
      recorded('UserBanned', ban),
      recorded('UserRestrictionLifted', { ...ban, reason: null, lifted: 'banned' }),
    );
    expect(lifted).toMatchObject({ commentsCount: 3, listed: true });
    // An older ban without counts changes no count.
    const { commentsByPost: _none, ...older } = ban;
    expect(post(...three, recorded('UserBanned', { ...older, postIds: ['p-1'] }))).toMatchObject({
      commentsCount: 3,
      authorBanned: true,
    });
  });

  it('counts pending reports on the post', () => {
    const reported = recorded('PostReported', { reportId: 'r-1', postId: 'p-1' }, USER);
    const reviewed = recorded('ReportReviewed', { reportId: 'r-1', postId: 'p-1' });
    expect(post(reported).pendingReports).toBe(1);
    expect(post(reported, reviewed).pendingReports).toBe(0);
  });
});
