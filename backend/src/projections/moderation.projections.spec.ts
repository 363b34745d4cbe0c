import type { Actor, RecordedEvent } from '../domain/shared/event';
import { recorded as recordedEvent } from './testing/projection-specification';
import { auditProjection, type AuditDocument } from './audit/audit.projection';
import { commentsProjection } from './comments/comments.projection';
import type { Projection } from './projection';
import { type PostDocument, postsProjection } from './posts/posts.projection';
import type { ReadDocument } from './read-model';
import { reportsProjection } from './reports/reports.projection';
import { statisticsProjection } from './statistics/statistics.projection';
import { usersProjection } from './users/users.projection';

const ADMIN: Actor = { type: 'admin', id: 'a-1' };
const USER: Actor = { type: 'user', id: 'u-2' };
/** A stored event with this actor (the shared helper's, with the actor in front). */
const recorded = (
  type: string,
  data: unknown,
  actor: Actor = ADMIN,
  at = '2026-03-02T09:00:00.000Z',
): RecordedEvent => recordedEvent(type, data, { at, metadata: { actor } });

/** Replays events into the documents a projection keeps, as the runner does. */
function replay<Doc extends ReadDocument>(projection: Projection<Doc>, events: RecordedEvent[]) {
  const docs = new Map<string, Doc>();
  for (const event of events) {
    if (!projection.handles.includes(event.type)) continue;
    const named = projection.documentId(event);
    const ids = named === null ? [] : typeof named === 'string' ? [named] : named;
    for (const id of ids) {
      const next = projection.apply(docs.get(id) ?? null, event, id);
      if (next) docs.set(id, next);
      else docs.delete(id);
    }
  }
  return docs;
}

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
  replay(postsProjection, [published, ...events]).get('p-1') as PostDocument;

describe('moderation read models', () => {
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

  it('keeps reports pending until an admin reviews them', () => {
    const docs = replay(reportsProjection, [
      recorded(
        'PostReported',
        { reportId: 'r-1', postId: 'p-1', userId: 'u-2', authorId: 'u-1', reason: 'Face' },
        USER,
      ),
      recorded('ReportReviewed', {
        reportId: 'r-1',
        postId: 'p-1',
        status: 'dismissed',
        hidePost: false,
        note: null,
      }),
    ]);
    expect(docs.get('r-1')).toMatchObject({
      status: 'dismissed',
      pending: 0,
      reviewedBy: 'a-1',
      reporterId: 'u-2',
      reason: 'Face',
    });
  });

  it('forgets the reasons of the reports an erased account filed, and keeps the reports', () => {
    const report = (reportId: string, userId: string) =>
      recorded(
        'PostReported',
        { reportId, postId: 'p-1', userId, authorId: 'u-1', reason: `Reason of ${userId}` },
        { type: 'user', id: userId },
      );
    const docs = replay(reportsProjection, [
      report('r-1', 'u-2'),
      report('r-2', 'u-3'),
      report('r-3', 'u-2'),
      recorded(
        'AccountErased',
        { userId: 'u-2', tokenHashes: [], archivedWeeks: [], reports: ['r-1', 'r-3', 'r-2'] },
        USER,
      ),
      // An erasure recorded before reports were named in it changes nothing.
      recorded('AccountErased', { userId: 'u-3', tokenHashes: [], archivedWeeks: [] }, USER),
    ]);
    expect(docs.get('r-1')).toMatchObject({ reporterId: 'u-2', reason: null, status: 'pending' });
    expect(docs.get('r-3')).toMatchObject({ reporterId: 'u-2', reason: null });
    // A report of someone else named by mistake keeps its reason.
    expect(docs.get('r-2')).toMatchObject({ reporterId: 'u-3', reason: 'Reason of u-3' });
  });

  it('hides a banned author’s comments and shows them again when the ban is lifted', () => {
    const posted = recorded(
      'CommentPosted',
      {
        commentId: 'c-1',
        postId: 'p-9',
        threadId: 'c-1',
        parentCommentId: null,
        userId: 'u-1',
        text: 'x',
      },
      { type: 'user', id: 'u-1' },
    );
    const ban = { userId: 'u-1', reason: 'Spam', postIds: [], commentIds: ['c-1'] };
    expect(
      replay(commentsProjection, [posted, recorded('UserBanned', ban)]).get('c-1')?.hidden,
    ).toBe(true);
    expect(
      replay(commentsProjection, [
        posted,
        recorded('UserBanned', ban),
        recorded('UserRestrictionLifted', ban),
      ]).get('c-1')?.hidden,
    ).toBe(false);
  });

  it('keeps the account’s status and staff flag', () => {
    const registered = recorded(
      'UserRegistered',
      { userId: 'u-1', email: 'a@b.co', passwordHash: 'x', anonymousUsername: 'SunnyOtter0427' },
      { type: 'user', id: 'u-1' },
    );
    const docs = replay(usersProjection, [
      registered,
      recorded('UserAdminFlagChanged', { userId: 'u-1', isAdmin: true }),
      recorded('UserBanned', { userId: 'u-1', reason: 'Spam', postIds: [], commentIds: [] }),
    ]);
    expect(docs.get('u-1')).toMatchObject({
      isAdmin: true,
      status: 'banned',
      statusReason: 'Spam',
    });
  });

  it('audits admin actions, not a member deleting their own comment, without secrets', () => {
    const events = [
      recorded('PostApproved', { postId: 'p-1', authorId: 'u-1' }),
      recorded('CommentDeleted', { commentId: 'c-1', userId: 'u-2' }, USER),
      recorded('CommentDeleted', { commentId: 'c-2', userId: 'u-2', reason: 'Insults' }),
      recorded('AdminPasswordReset', {
        adminId: 'a-2',
        passwordHash: '$argon2id$x',
        tokenHashes: [],
      }),
      recorded(
        'PostAutoHidden',
        { postId: 'p-1', reporterCount: 3 },
        { type: 'system', id: 'system' },
      ),
    ];
    const entries = [...replay(auditProjection, events).values()] as AuditDocument[];
    expect(
      entries.map((entry) => [entry.kind, entry.targetType, entry.targetId, entry.actorId]),
    ).toEqual([
      ['PostApproved', 'post', 'p-1', 'a-1'],
      ['CommentDeleted', 'comment', 'c-2', 'a-1'],
      ['AdminPasswordReset', 'admin', 'a-2', 'a-1'],
      ['PostAutoHidden', 'post', 'p-1', 'system'],
    ]);
    expect(entries[1].reason).toBe('Insults');
    expect(entries[2].changes).toEqual({ adminId: 'a-2' });
    // Positions order entries of the same millisecond.
    expect(entries[0].seq < entries[1].seq).toBe(true);
  });

  it('adds each day’s activity', () => {
    const day = '2026-03-02T10:00:00.000Z';
    const docs = replay(statisticsProjection, [
      recorded('PostPublished', {}, USER, day),
      recorded('Liked', {}, USER, day),
      recorded('UserRegistered', {}, USER, '2026-03-03T00:00:00.000Z'),
    ]);
    expect(docs.get('2026-03-02')).toMatchObject({ posts: 1, likes: 1, users: 0 });
    expect(docs.get('2026-03-03')?.users).toBe(1);
  });
});

describe('payment facts in the audit log and the statistics', () => {
  const stripe = (id: string): Actor => ({ type: 'stripe', id });
  const day1 = '2026-03-02T10:00:00.000Z';
  const day2 = '2026-03-04T10:00:00.000Z';
  const facts = {
    currency: 'usd',
    stripeSessionId: 'cs_1',
    stripePaymentId: 'pi_1',
    receiptUrl: 'https://pay.stripe.com/receipts/1',
  };
  // A mega boost bought for a post, a donation, then two partial refunds of the boost's payment
  // and a dispute on the donation: every event the payments contract appends for them.
  const events = [
    recorded(
      'StripeEventReceived',
      { stripeEventId: 'evt_1', stripeEventType: 'checkout.session.completed', objectId: 'cs_1' },
      stripe('evt_1'),
      day1,
    ),
    recorded(
      'CheckoutSessionCompleted',
      { ...facts, amount: 999, kind: 'boost', userId: 'u-1', boostId: 'b-1' },
      stripe('evt_1'),
      day1,
    ),
    recorded(
      'BoostPurchased',
      {
        ...facts,
        amount: 999,
        boostId: 'b-1',
        boostType: 'mega',
        userId: 'u-1',
        postId: 'p-1',
        receiptEmail: 'sealed:abc',
      },
      stripe('evt_1'),
      day1,
    ),
    recorded(
      'BoostApplied',
      {
        boostId: 'b-1',
        boostType: 'mega',
        userId: 'u-1',
        postId: 'p-1',
        appliedAt: day1,
        expiresAt: day2,
      },
      stripe('evt_1'),
      day1,
    ),
    recorded('PostBoostClaimed', { postId: 'p-1', boostId: 'b-1' }, stripe('evt_1'), day1),
    recorded(
      'PaymentReceived',
      { ...facts, amount: 999, kind: 'boost', userId: 'u-1', boostId: 'b-1' },
      stripe('evt_1'),
      day1,
    ),
    recorded(
      'StripeEventProcessed',
      { stripeEventId: 'evt_1', outcome: 'applied' },
      stripe('evt_1'),
      day1,
    ),
    recorded(
      'CheckoutSessionCompleted',
      {
        ...facts,
        stripeSessionId: 'cs_2',
        stripePaymentId: 'pi_2',
        amount: 2500,
        kind: 'donation',
        userId: null,
        boostId: null,
      },
      stripe('evt_2'),
      day1,
    ),
    recorded(
      'DonationReceived',
      {
        ...facts,
        stripeSessionId: 'cs_2',
        stripePaymentId: 'pi_2',
        amount: 2500,
        userId: null,
        receiptEmail: null,
      },
      stripe('evt_2'),
      day1,
    ),
    recorded(
      'PaymentReceived',
      {
        ...facts,
        stripeSessionId: 'cs_2',
        stripePaymentId: 'pi_2',
        amount: 2500,
        kind: 'donation',
        userId: null,
        boostId: null,
      },
      stripe('evt_2'),
      day1,
    ),
    recorded(
      'PaymentRefunded',
      {
        stripePaymentId: 'pi_1',
        stripeChargeId: 'ch_1',
        amountRefunded: 300,
        amount: 300,
        currency: 'usd',
        receiptUrl: null,
      },
      stripe('evt_3'),
      day1,
    ),
    recorded(
      'BoostRefunded',
      { ...facts, amount: 300, boostId: 'b-1', userId: 'u-1', postId: 'p-1', withdrawn: false },
      stripe('evt_3'),
      day1,
    ),
    recorded(
      'PaymentRefunded',
      {
        stripePaymentId: 'pi_1',
        stripeChargeId: 'ch_1',
        amountRefunded: 999,
        amount: 699,
        currency: 'usd',
        receiptUrl: null,
      },
      stripe('evt_4'),
      day2,
    ),
    recorded(
      'PaymentDisputed',
      {
        stripePaymentId: 'pi_2',
        stripeDisputeId: 'dp_1',
        amount: 2500,
        currency: 'usd',
        reason: 'fraudulent',
      },
      stripe('evt_5'),
      day2,
    ),
    recorded(
      'BoostPurchasesSuspended',
      { userId: 'u-1', stripeDisputeId: 'dp_1', stripePaymentId: 'pi_2' },
      stripe('evt_5'),
      day2,
    ),
    recorded(
      'BoostPurchasesSuspensionKept',
      { userId: 'u-1', stripeDisputeId: 'dp_1', adminId: 'a-1', reason: 'Bank confirms fraud' },
      ADMIN,
      day2,
    ),
    recorded(
      'BoostPurchasesReinstated',
      { userId: 'u-1', stripeDisputeId: 'dp_1', adminId: 'a-1', reason: 'Dispute won' },
      ADMIN,
      day2,
    ),
    recorded(
      'BoostExpired',
      { boostId: 'b-1', userId: 'u-1', postId: 'p-1', expiresAt: day2 },
      { type: 'system', id: 'boost-expiry' },
      day2,
    ),
  ];

  it('lists every payment fact once, with its amount, currency, actor and reason, and no receipt email', () => {
    const entries = [...replay(auditProjection, events).values()] as AuditDocument[];
    expect(
      entries.map((e) => [
        e.kind,
        e.targetType,
        e.targetId,
        e.actorId,
        e.changes.amountCents ?? null,
        e.changes.currency ?? null,
        e.reason,
      ]),
    ).toEqual([
      ['BoostPurchased', 'boost', 'b-1', 'evt_1', 999, 'usd', null],
      ['DonationReceived', 'payment', 'pi_2', 'evt_2', 2500, 'usd', null],
      ['PaymentRefunded', 'payment', 'pi_1', 'evt_3', 300, 'usd', null],
      ['PaymentRefunded', 'payment', 'pi_1', 'evt_4', 699, 'usd', null],
      ['PaymentDisputed', 'payment', 'pi_2', 'evt_5', 2500, 'usd', 'fraudulent'],
      ['BoostPurchasesSuspended', 'user', 'u-1', 'evt_5', null, null, null],
      ['BoostPurchasesSuspensionKept', 'user', 'u-1', 'a-1', null, null, 'Bank confirms fraud'],
      ['BoostPurchasesReinstated', 'user', 'u-1', 'a-1', null, null, 'Dispute won'],
    ]);
    expect(entries[0].changes).not.toHaveProperty('receiptEmail');
    expect(entries[0].changes).toMatchObject({ boostType: 'mega', postId: 'p-1', userId: 'u-1' });
  });

  it('counts each cent once per day: sales from purchases and donations, refunds from the payment', () => {
    const docs = replay(statisticsProjection, events);
    expect(docs.get('2026-03-02')).toMatchObject({
      boostsSold: 1,
      boostRevenue: 999,
      donations: 1,
      donationRevenue: 2500,
      refunds: 1,
      refundedAmount: 300,
    });
    expect(docs.get('2026-03-04')).toMatchObject({
      boostsSold: 0,
      boostRevenue: 0,
      donations: 0,
      refunds: 1,
      refundedAmount: 699,
    });
  });

  it('reads an older refund without its added cents as its total', () => {
    const docs = replay(statisticsProjection, [
      recorded(
        'PaymentRefunded',
        {
          stripePaymentId: 'pi_9',
          stripeChargeId: 'ch_9',
          amountRefunded: 199,
          currency: 'usd',
          receiptUrl: null,
        },
        stripe('evt_9'),
        day1,
      ),
    ]);
    expect(docs.get('2026-03-02')).toMatchObject({ refunds: 1, refundedAmount: 199 });
  });
});
