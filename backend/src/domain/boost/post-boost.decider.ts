import { assertNever, type Decider } from '../shared/decider';
import { ConflictError } from '../shared/errors';
import type { CommandMetadata, DomainEvent } from '../shared/event';
import { POST_ALREADY_BOOSTED } from './boost.decider';

/**
 * One stream per post (`post-boost-<postId>`): which boost runs on the post and until when.
 * A boost takes the post here before it is applied, so two boosts applied to one post at the
 * same moment (two tabs, an application racing a post checkout's payment) cannot both run: the
 * second finds the first and is refused.
 */
export type PostBoostClaimed = DomainEvent<
  'PostBoostClaimed',
  { postId: string; boostId: string; expiresAt: string }
>;
export type PostBoostReleased = DomainEvent<
  'PostBoostReleased',
  { postId: string; boostId: string }
>;
export type PostBoostEvent = PostBoostClaimed | PostBoostReleased;

export type PostBoostState = { boostId: string; expiresAt: string } | null;

export interface ClaimPostBoost {
  type: 'ClaimPostBoost';
  data: PostBoostClaimed['data'];
  metadata: CommandMetadata;
}
/** Gives the post back when the boost that took it could not be applied after all. */
export interface ReleasePostBoost {
  type: 'ReleasePostBoost';
  data: PostBoostReleased['data'];
}
export type PostBoostCommand = ClaimPostBoost | ReleasePostBoost;

export function postBoostStreamId(postId: string): string {
  return `post-boost-${postId}`;
}

export const postBoostDecider: Decider<PostBoostCommand, PostBoostState, PostBoostEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'ClaimPostBoost': {
        if (state?.boostId === command.data.boostId) return [];
        if (state && new Date(state.expiresAt) > command.metadata.now) {
          throw new ConflictError(POST_ALREADY_BOOSTED);
        }
        return [{ type: 'PostBoostClaimed', data: command.data }];
      }
      case 'ReleasePostBoost':
        return state?.boostId === command.data.boostId
          ? [{ type: 'PostBoostReleased', data: command.data }]
          : [];
      default:
        return assertNever(command);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'PostBoostClaimed':
        return { boostId: event.data.boostId, expiresAt: event.data.expiresAt };
      case 'PostBoostReleased':
        return null;
      default:
        return assertNever(event);
    }
  },
};
