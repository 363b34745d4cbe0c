import { LIKE_EVENTS } from '../../domain/like/like.decider';
import { type HoldReason, LASTING_REASONS } from '../../domain/post-rating/vote-standing';
import { flatId, type ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const HELD_VOTES = 'held_votes';

/**
 * Every vote that did not count when it was cast, and why: a rating or a like from an account
 * tied to the author or from a burst of sign-ups, a rating from an account younger than a day.
 * A vote that counts later stays listed, with when and why it came to count, so the back office
 * can show what each post's figures leave out and what they took in late.
 */
export interface HeldVoteDocument extends ReadDocument {
  kind: 'rating' | 'like';
  postId: string;
  userId: string;
  authorId: string;
  /** The rating's score; null for a like. */
  score: number | null;
  heldOut: HoldReason[];
  countsFrom: string | null;
  /** 1 while the vote may still come to count (nothing lasting holds it): the sweep's list. */
  due: number;
  counted: boolean;
  countedAt: string | null;
  countedReason: string | null;
  at: string;
}

export const HELD_VOTES_SORT = { at: -1 } as const;

const REASONS: readonly HoldReason[] = ['same-network', 'same-browser', 'cluster', 'young-account'];
const str = (value: unknown): string | null => (typeof value === 'string' ? value : null);

function reasons(value: unknown): HoldReason[] {
  return Array.isArray(value) ? REASONS.filter((reason) => value.includes(reason)) : [];
}

export function heldVoteId(kind: 'rating' | 'like', postId: string, userId: string): string {
  return flatId(kind, postId, userId);
}

export const heldVotesProjection: Projection<HeldVoteDocument> = {
  collection: HELD_VOTES,
  handles: ['Rated', 'RatingCounted', 'VoteSetAside', 'VoteRestored', ...LIKE_EVENTS],
  // A held vote's document is its vote's or like's stream's (one per post and account).
  createdWithStream: ['Rated', 'Liked'],
  indexes: [
    { keys: { due: 1, countsFrom: 1 } },
    { keys: { userId: 1, ...HELD_VOTES_SORT } },
    { keys: { postId: 1, ...HELD_VOTES_SORT } },
  ],

  documentId(event) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const postId = str(data.postId);
    const userId = str(data.userId);
    if (!postId || !userId) return null;
    if (!LIKE_EVENTS.includes(event.type)) {
      // Only what was held out is listed; a rating that counted at once is not.
      if (event.type === 'Rated' && reasons(data.heldOut).length === 0) return null;
      return heldVoteId('rating', postId, userId);
    }
    if (data.target !== 'post') return null;
    return heldVoteId('like', postId, userId);
  },

  apply(vote, event, id) {
    const data = (event.data ?? {}) as Record<string, unknown>;
    const heldOut = reasons(data.heldOut);
    switch (event.type) {
      case 'LikeHeld':
        // Counted when cast, held since: listed from now, due to count once the burst is cleared.
        return {
          _id: id ?? '',
          kind: 'like',
          postId: str(data.postId) ?? '',
          userId: str(data.userId) ?? '',
          authorId: vote?.authorId ?? '',
          score: null,
          heldOut,
          countsFrom: event.metadata.at,
          due: 1,
          counted: false,
          countedAt: null,
          countedReason: null,
          at: event.metadata.at,
        };
      case 'Rated':
      case 'Liked': {
        if (vote || heldOut.length === 0) return vote;
        const rating = event.type === 'Rated';
        const lasting = heldOut.some((reason) => LASTING_REASONS.includes(reason));
        return {
          _id: id ?? '',
          kind: rating ? 'rating' : 'like',
          postId: str(data.postId) ?? '',
          userId: str(data.userId) ?? '',
          authorId: str(data.authorId) ?? '',
          score: rating && typeof data.score === 'number' ? data.score : null,
          heldOut,
          countsFrom: str(data.countsFrom) ?? (rating || !lasting ? event.metadata.at : null),
          due: lasting ? 0 : 1,
          counted: false,
          countedAt: null,
          countedReason: null,
          at: event.metadata.at,
        };
      }
      case 'RatingCounted':
      case 'LikeCounted':
        return (
          vote && {
            ...vote,
            due: 0,
            counted: true,
            countedAt: event.metadata.at,
            countedReason: str(data.reason),
          }
        );
      case 'VoteSetAside':
      case 'LikeSetAside':
        // Its voter is banned: the sweep leaves it until a lift.
        return vote && { ...vote, due: 0 };
      case 'VoteRestored':
      case 'LikeRestored': {
        if (!vote) return vote;
        const lasting = vote.heldOut.some((reason) => LASTING_REASONS.includes(reason));
        return { ...vote, due: vote.counted || lasting ? 0 : 1 };
      }
      case 'Unliked':
        return null;
      default:
        return vote;
    }
  },
};
