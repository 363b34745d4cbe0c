import { deciderSpecification } from '../shared/testing/decider-specification';
import {
  ConflictError,
  ForbiddenError,
  IllegalStateError,
  NotFoundError,
  ValidationError,
} from '../shared/errors';
import {
  ALREADY_APPROVED,
  ALREADY_PUBLISHED,
  NOT_YOUR_POST,
  POST_NOT_FOUND,
  postDecider as decider,
  type PostCommand,
} from './post.decider';
import { REASON_REQUIRED } from '../shared/moderation';
import type { GateVerdict } from '../photo-rating/photo-rating.events';
import type { AiRating, PostEvent } from './post.events';

const image = {
  imageUrl: '/uploads/ab/ab12.webp',
  thumbnailUrl: '/uploads/ab/ab12.thumb.webp',
  imageHash: '0f0f0f0f0f0f0f0f',
  contentHash: 'ab12',
};

const ai: AiRating = {
  ratingId: 'r-1',
  overall: 7.6,
  toeAlignment: 7.4,
  toeNails: 8,
  footShape: 6.1,
  aesthetic: 9,
  comment: 'Nicely lit and well framed.',
  rater: 'offline-v1',
};

const publish = (
  rating: AiRating | null = ai,
  similarTo: string[] = [],
  hold: { gate?: GateVerdict | null; requireApproval?: boolean } = {},
): PostCommand => ({
  type: 'PublishPost',
  data: {
    postId: 'r-1',
    authorId: 'u-1',
    image,
    ai: rating,
    similarTo,
    gate: hold.gate ?? null,
    requireApproval: hold.requireApproval ?? false,
  },
});

const remove = (userId = 'u-1'): PostCommand => ({
  type: 'DeletePost',
  data: { postId: 'r-1', userId },
});

const spec = deciderSpecification(decider);
const published = () => spec.given().when(publish()).events();
const when = (history: PostEvent[], command: PostCommand) =>
  spec.given(history).when(command).events();

describe('post decider', () => {
  describe('publishing', () => {
    it('publishes a rated photo with its image and the AI verdict', () => {
      expect(published()).toEqual([
        {
          type: 'PostPublished',
          data: { postId: 'r-1', authorId: 'u-1', image, ai, similarTo: [] },
        },
      ]);
    });

    it('records the earlier posts of the same photo by other accounts (a re-post)', () => {
      const [event] = spec
        .given()
        .when(publish(ai, ['p-0', 'p-9']))
        .events();
      expect(event.type === 'PostPublished' && event.data.similarTo).toEqual(['p-0', 'p-9']);
    });

    it('publishes a photo posted without a rating, with no AI verdict', () => {
      expect(spec.given().when(publish(null)).events()).toEqual([
        {
          type: 'PostPublished',
          data: { postId: 'r-1', authorId: 'u-1', image, ai: null, similarTo: [] },
        },
      ]);
    });

    it('records nothing when its author publishes the same rating again, and refuses anyone else', () => {
      expect(when(published(), publish())).toEqual([]);
      const mine = publish() as Extract<PostCommand, { type: 'PublishPost' }>;
      const other: PostCommand = { ...mine, data: { ...mine.data, authorId: 'u-2' } };
      expect(() => when(published(), other)).toThrow(ConflictError);
      expect(() => when(published(), other)).toThrow(ALREADY_PUBLISHED);
    });

    it('refuses to publish a rating again after its post was deleted', () => {
      const history = [...published(), ...when(published(), remove())];
      expect(() => when(history, publish())).toThrow(ConflictError);
      expect(() => when(history, publish())).toThrow(ALREADY_PUBLISHED);
    });
  });

  describe('holding for review', () => {
    const review: GateVerdict = {
      outcome: 'review',
      reason: 'nudity',
      scores: { 'nsfw.porn': 0.5, 'nsfw.hentai': 0.35 },
      gate: 'offline-v1',
    };
    const pass: GateVerdict = { outcome: 'pass', reason: null, scores: {}, gate: 'offline-v1' };
    const heldBy = (hold: Parameters<typeof publish>[2]) => {
      const [event] = spec
        .given()
        .when(publish(ai, [], hold))
        .events();
      return event.type === 'PostPublished' ? event.data.heldForReview : 'not published';
    };
    const approve: PostCommand = { type: 'ApprovePost', data: { postId: 'r-1' } };

    it('holds a post whose photo the gate asked a human to look at, with the gate’s verdict', () => {
      expect(heldBy({ gate: review })).toEqual({ reason: 'gate_review', gate: review });
    });

    it('holds every post when every post waits for an admin, keeping what the gate said', () => {
      expect(heldBy({ gate: pass, requireApproval: true })).toEqual({
        reason: 'approval_required',
        gate: pass,
      });
      expect(heldBy({ gate: null, requireApproval: true })).toEqual({
        reason: 'approval_required',
        gate: null,
      });
    });

    it('publishes a photo the gate passed straight away, with no hold recorded', () => {
      expect(heldBy({ gate: pass })).toBeUndefined();
    });

    it('never posts a photo the gate refused', () => {
      const refused: GateVerdict = { ...review, outcome: 'refuse' };
      expect(() =>
        spec
          .given()
          .when(publish(ai, [], { gate: refused }))
          .events(),
      ).toThrow(IllegalStateError);
    });

    it('releases a held post when an admin approves it, once', () => {
      const held = spec
        .given()
        .when(publish(ai, [], { gate: review }))
        .events();
      const approved = when(held, approve);
      expect(approved).toEqual([
        { type: 'PostApproved', data: { postId: 'r-1', authorId: 'u-1' } },
      ]);
      expect(
        decider.evolve(decider.evolve(decider.initialState, held[0]), approved[0]),
      ).toMatchObject({
        held: false,
        isModerated: true,
      });
      expect(() => when([...held, ...approved], approve)).toThrow(ALREADY_APPROVED);
    });

    it('keeps a held post held across visibility changes until it is approved', () => {
      const held = spec
        .given()
        .when(publish(ai, [], { gate: review }))
        .events();
      const state = [
        ...held,
        ...when(held, { type: 'SetPostVisibility', data: { postId: 'r-1', isPublic: false } }),
      ].reduce(decider.evolve, decider.initialState);
      expect(state).toMatchObject({ status: 'published', held: true, isPublic: false });
    });
  });

  describe('deleting', () => {
    it('deletes the author’s own post, naming the stored file and the photo’s hash', () => {
      expect(when(published(), remove())).toEqual([
        {
          type: 'PostDeleted',
          data: { postId: 'r-1', authorId: 'u-1', contentHash: 'ab12', imageHash: image.imageHash },
        },
      ]);
    });

    it('refuses to delete someone else’s post', () => {
      expect(() => when(published(), remove('u-2'))).toThrow(ForbiddenError);
      expect(() => when(published(), remove('u-2'))).toThrow(NOT_YOUR_POST);
    });

    it('refuses to delete a post that was never published', () => {
      expect(() => when([], remove())).toThrow(NotFoundError);
      expect(() => when([], remove())).toThrow(POST_NOT_FOUND);
    });

    it('refuses to delete a post that is deleted already', () => {
      const history = [...published(), ...when(published(), remove())];
      expect(() => when(history, remove())).toThrow(NotFoundError);
      expect(() => when(history, remove())).toThrow(POST_NOT_FOUND);
    });

    it('says a deleted post is not found, not forbidden, to anyone else', () => {
      const history = [...published(), ...when(published(), remove())];
      expect(() => when(history, remove('u-2'))).toThrow(NotFoundError);
    });
  });

  describe('filing the photo at a newer fingerprint (the back-fill)', () => {
    const OLD = '0'.repeat(80);
    const NEW = '1'.repeat(80);
    const record = (fingerprint: string[], fingerprintVersion = 2): PostCommand => ({
      type: 'RecordFingerprint',
      data: { postId: 'r-1', fingerprint, fingerprintVersion },
    });
    const publishedWith = (fingerprint: string[]): PostEvent[] => [
      {
        type: 'PostPublished',
        data: {
          postId: 'r-1',
          authorId: 'u-1',
          image: { ...image, fingerprint },
          ai,
          similarTo: [],
        },
      },
    ];

    it('records the new keys beside the old ones, and the deletion then names them all', () => {
      const filed = when(publishedWith([OLD]), record([NEW, OLD]));
      expect(filed).toEqual([
        {
          type: 'PostFingerprinted',
          data: {
            postId: 'r-1',
            authorId: 'u-1',
            imageHash: image.imageHash,
            fingerprint: [OLD, NEW],
            fingerprintVersion: 2,
          },
        },
      ]);
      const [deleted] = when([...publishedWith([OLD]), ...filed], remove());
      expect(deleted.data).toMatchObject({ fingerprint: [OLD, NEW] });
    });

    it('records nothing for a post already at that version, deleted, or removed', () => {
      const filed = [...publishedWith([OLD]), ...when(publishedWith([OLD]), record([NEW]))];
      expect(when(filed, record([NEW]))).toEqual([]);
      expect(when(filed, record([NEW], 1))).toEqual([]);
      expect(when([...published(), ...when(published(), remove())], record([NEW]))).toEqual([]);
      const removed: PostEvent = {
        type: 'PostRemoved',
        data: { postId: 'r-1', authorId: 'u-1', reason: 'Not feet' },
      };
      expect(when([...published(), removed], record([NEW]))).toEqual([]);
    });

    it('takes a post published with keys but no version for version 1, without keys for none', () => {
      expect(when(publishedWith([OLD]), record([NEW], 1))).toEqual([]);
      expect(when(published(), record([NEW], 1))).toHaveLength(1);
    });
  });

  describe('moderation by an admin', () => {
    const approve: PostCommand = { type: 'ApprovePost', data: { postId: 'p-1' } };
    const visibility = (isPublic: boolean, reason?: string): PostCommand => ({
      type: 'SetPostVisibility',
      data: { postId: 'p-1', isPublic, reason },
    });

    it('approves an unmoderated post once (spec §4), then refuses', () => {
      const approved = when(published(), approve);
      expect(approved).toEqual([
        { type: 'PostApproved', data: { postId: 'p-1', authorId: 'u-1' } },
      ]);
      expect(() => when([...published(), ...approved], approve)).toThrow(ConflictError);
      expect(() => when([...published(), ...approved], approve)).toThrow(ALREADY_APPROVED);
    });

    it('hides with an optional reason and shows again; the same visibility records nothing', () => {
      const hidden = when(published(), visibility(false, '  Blurry  '));
      expect(hidden).toEqual([
        {
          type: 'PostVisibilityChanged',
          data: { postId: 'p-1', authorId: 'u-1', isPublic: false, reason: 'Blurry' },
        },
      ]);
      expect(when([...published(), ...hidden], visibility(false))).toEqual([]);
      expect(when(published(), visibility(true))).toEqual([]);
      expect(when([...published(), ...hidden], visibility(true))[0].data).toMatchObject({
        isPublic: true,
        reason: null,
      });
    });

    it('removes with a required reason, after which the post is gone for every command', () => {
      expect(() =>
        when(published(), { type: 'RemovePost', data: { postId: 'p-1', reason: ' ' } }),
      ).toThrow(REASON_REQUIRED);
      const removed = when(published(), {
        type: 'RemovePost',
        data: { postId: 'p-1', reason: 'Not feet' },
      });
      expect(removed).toEqual([
        { type: 'PostRemoved', data: { postId: 'p-1', authorId: 'u-1', reason: 'Not feet' } },
      ]);
      const history = [...published(), ...removed];
      expect(() => when(history, approve)).toThrow(NotFoundError);
      expect(() => when(history, visibility(false))).toThrow(POST_NOT_FOUND);
      expect(() => when(history, remove())).toThrow(NotFoundError);
      expect(() => when(history, publish())).toThrow(ConflictError);
    });

    it('refuses a reason over 500 characters', () => {
      expect(() => when(published(), visibility(false, 'x'.repeat(501)))).toThrow(ValidationError);
    });
  });
});
