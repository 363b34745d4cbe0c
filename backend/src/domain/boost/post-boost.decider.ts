import { assertNever, type Decider } from '../shared/decider';
import { ConflictError, NotFoundError } from '../shared/errors';
import type { CommandMetadata, DomainEvent } from '../shared/event';
import { POST_NOT_FOUND } from '../post/post.decider';
import { POST_ALREADY_BOOSTED, type PostGone } from './boost.decider';

/**
 * One stream per post (`post-boost-<postId>`): which boost runs on the post and until when.
 * A boost takes the post here before it is applied, so two boosts applied to one post at the
 * same moment (two tabs, an application racing a post checkout's payment) cannot both run: the
 * second finds the first and is refused. A post removed or deleted closes its stream: no boost
 * takes it again, and the one that held it is named, to be ended.
 */
export type PostBoostClaimed = DomainEvent<
  'PostBoostClaimed',
  { postId: string; boostId: string; expiresAt: string }
>;
export type PostBoostReleased = DomainEvent<
  'PostBoostReleased',
  { postId: string; boostId: string }
>;
export type PostBoostClosed = DomainEvent<
  'PostBoostClosed',
  { postId: string; cause: PostGone; boostId: string | null; expiresAt: string | null }
>;
export type PostBoostEvent = PostBoostClaimed | PostBoostReleased | PostBoostClosed;

/** The boost that last took the post (it may have run out since), or that the post is gone. */
export type PostBoostState =
  | { closed: false; boostId: string; expiresAt: string }
  | { closed: true; cause: PostGone; boostId: string | null; expiresAt: string | null }
  | null;

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
/** The post is gone: records the boost that held it, if one did (once). */
export interface ClosePostBoost {
  type: 'ClosePostBoost';
  data: { postId: string; cause: PostGone };
}
export type PostBoostCommand = ClaimPostBoost | ReleasePostBoost | ClosePostBoost;

export function postBoostStreamId(postId: string): string {
  return `post-boost-${postId}`;
}

export const postBoostDecider: Decider<PostBoostCommand, PostBoostState, PostBoostEvent> = {
  initialState: null,

  decide(command, state) {
    switch (command.type) {
      case 'ClaimPostBoost': {
        if (state?.closed) throw new NotFoundError(POST_NOT_FOUND);
        if (state?.boostId === command.data.boostId) return [];
        if (state && new Date(state.expiresAt) > command.metadata.now) {
          throw new ConflictError(POST_ALREADY_BOOSTED);
        }
        return [{ type: 'PostBoostClaimed', data: command.data }];
      }
      case 'ReleasePostBoost':
        return !state?.closed && state?.boostId === command.data.boostId
          ? [{ type: 'PostBoostReleased', data: command.data }]
          : [];
      case 'ClosePostBoost':
        if (state?.closed) return [];
        return [
          {
            type: 'PostBoostClosed',
            data: {
              ...command.data,
              boostId: state?.boostId ?? null,
              expiresAt: state?.expiresAt ?? null,
            },
          },
        ];
      default:
        return assertNever(command);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'PostBoostClaimed':
        return { closed: false, boostId: event.data.boostId, expiresAt: event.data.expiresAt };
      case 'PostBoostReleased':
        return null;
      case 'PostBoostClosed':
        return { closed: true, ...event.data };
      default:
        return assertNever(event);
    }
  },
};
