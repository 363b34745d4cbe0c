import { assertNever, type Decider } from '../shared/decider';
import { ConflictError, ForbiddenError, ValidationError } from '../shared/errors';
import type { DomainEvent } from '../shared/event';

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

export type Rated = DomainEvent<
  'Rated',
  { postId: string; userId: string; authorId: string; score: number }
>;

export type PostRatingState = { status: 'unrated' } | { status: 'rated'; score: number };

export interface RatePost {
  type: 'RatePost';
  data: { postId: string; userId: string; authorId: string; score: number };
}

export function voteStreamId(postId: string, userId: string): string {
  return `vote-${postId}-${userId}`;
}

export const postRatingDecider: Decider<RatePost, PostRatingState, Rated> = {
  initialState: { status: 'unrated' },

  decide(command, state) {
    switch (command.type) {
      case 'RatePost': {
        const { postId, userId, authorId, score } = command.data;
        if (!Number.isInteger(score) || score < MIN_SCORE || score > MAX_SCORE) {
          throw new ValidationError(SCORE_RANGE);
        }
        if (userId === authorId) throw new ForbiddenError(OWN_POST_RATING);
        if (state.status === 'rated') throw new ConflictError(ALREADY_RATED);
        return [{ type: 'Rated', data: { postId, userId, authorId, score } }];
      }
      default:
        return assertNever(command.type);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'Rated':
        return { status: 'rated', score: event.data.score };
      default:
        return assertNever(event.type);
    }
  },
};
