import { assertNever, type Decider } from '../shared/decider';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors';
import type { CommandMetadata, DomainEvent } from '../shared/event';
import {
  countsNow,
  type HoldReason,
  type Voter,
  type VoteOrigin,
  voteStanding,
} from './vote-standing';

/**
 * A community rating: one stream per rater and post (`vote-<postId>-<userId>`), appended with
 * `no_stream`, so an account rates a post once even when two requests race. Ratings are final
 * (spec §4: submitted ratings cannot be edited).
 */
export const ALREADY_RATED = 'You have already rated this post';
export const OWN_POST_RATING = 'You cannot rate your own post';
export const SCORE_RANGE = 'Rating must be a whole number from 0 to 10';
export const MIN_SCORE = 0;
export const MAX_SCORE = 10;

interface VoteData {
  postId: string;
  userId: string;
  authorId: string;
  score: number;
}

/**
 * A rating. `heldOut` (absent on ratings recorded before the vote rules, which all count) says
 * why it does not count yet or ever; a young account's rating names when it can (`countsFrom`).
 */
export type Rated = DomainEvent<
  'Rated',
  VoteData & { heldOut?: HoldReason[]; countsFrom?: string | null }
>;

/** A held-out rating counts from now on: its account is a day old, or its burst was cleared. */
export type RatingCounted = DomainEvent<
  'RatingCounted',
  VoteData & { reason: 'account-day-old' | 'cluster-cleared' }
>;

/**
 * A ban sets the rater's ratings aside until a lift restores them: `counted` says whether the
 * rating was in the post's figures (and leaves them now, or comes back to them). A rating held
 * out stays held, and does not come to count while set aside.
 */
export type VoteSetAside = DomainEvent<'VoteSetAside', VoteData & { counted: boolean }>;
export type VoteRestored = DomainEvent<'VoteRestored', VoteData & { counted: boolean }>;

export type PostRatingEvent = Rated | RatingCounted | VoteSetAside | VoteRestored;

export type PostRatingState =
  | { status: 'unrated' }
  | {
      status: 'rated';
      score: number;
      vote: VoteData;
      heldOut: HoldReason[];
      countsFrom: string | null;
      counted: boolean;
      /** Its rater is banned: it is out of the post's figures until the ban is lifted. */
      setAside: boolean;
    };

export interface RatePost {
  type: 'RatePost';
  /**
   * `waitMs`: how old the rater's account must be for the rating to count (default a day);
   * `from`: where the rating itself comes from (compared with the author's networks and browsers).
   */
  data: VoteData & {
    rater: Voter | null;
    author: Voter | null;
    waitMs?: number;
    from?: VoteOrigin | null;
  };
  metadata: CommandMetadata;
}

/**
 * Asks a held-out rating to count (the sweep of young accounts' ratings, an admin clearing a
 * burst): `raterClusterHeld` is whether the rater is in a burst not cleared now.
 */
export interface CountRating {
  type: 'CountRating';
  data: { raterClusterHeld: boolean };
  metadata: CommandMetadata;
}

/** The rater was banned (`SetVoteAside`), or the ban lifted (`RestoreVote`). */
export interface SetVoteAside {
  type: 'SetVoteAside';
}
export interface RestoreVote {
  type: 'RestoreVote';
}

export type PostRatingCommand = RatePost | CountRating | SetVoteAside | RestoreVote;

export function voteStreamId(postId: string, userId: string): string {
  return `vote-${postId}-${userId}`;
}

export const postRatingDecider: Decider<PostRatingCommand, PostRatingState, PostRatingEvent> = {
  initialState: { status: 'unrated' },

  decide(command, state) {
    switch (command.type) {
      case 'RatePost': {
        const { postId, userId, authorId, score, rater, author, waitMs, from } = command.data;
        if (!Number.isInteger(score) || score < MIN_SCORE || score > MAX_SCORE) {
          throw new ValidationError(SCORE_RANGE);
        }
        if (userId === authorId) throw new ForbiddenError(OWN_POST_RATING);
        if (state.status === 'rated') throw new ConflictError(ALREADY_RATED);
        const standing = voteStanding(rater, author, command.metadata.now, waitMs, from ?? null);
        const vote = { postId, userId, authorId, score };
        if (standing.heldOut.length === 0) return [{ type: 'Rated', data: vote }];
        return [{ type: 'Rated', data: { ...vote, ...standing } }];
      }
      case 'CountRating': {
        if (state.status !== 'rated' || state.counted || state.setAside) return [];
        const { raterClusterHeld } = command.data;
        if (!countsNow(state, raterClusterHeld, command.metadata.now)) return [];
        const reason = state.heldOut.includes('cluster') ? 'cluster-cleared' : 'account-day-old';
        return [{ type: 'RatingCounted', data: { ...state.vote, reason } }];
      }
      case 'SetVoteAside':
        if (state.status !== 'rated' || state.setAside) return [];
        return [{ type: 'VoteSetAside', data: { ...state.vote, counted: state.counted } }];
      case 'RestoreVote':
        if (state.status !== 'rated' || !state.setAside) return [];
        return [{ type: 'VoteRestored', data: { ...state.vote, counted: state.counted } }];
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'Rated': {
        const { postId, userId, authorId, score } = event.data;
        const heldOut = event.data.heldOut ?? [];
        return {
          status: 'rated',
          score,
          vote: { postId, userId, authorId, score },
          heldOut,
          countsFrom: event.data.countsFrom ?? null,
          counted: heldOut.length === 0,
          setAside: false,
        };
      }
      case 'RatingCounted':
        return state.status === 'rated' ? { ...state, counted: true } : state;
      case 'VoteSetAside':
      case 'VoteRestored':
        return state.status === 'rated'
          ? { ...state, setAside: event.type === 'VoteSetAside' }
          : state;
      default:
        return assertNever(event);
    }
  },
};
