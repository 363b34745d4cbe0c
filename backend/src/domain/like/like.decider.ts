import { assertNever, type Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/event';

/**
 * One stream per liker and thing liked (`like-<target>-<targetId>-<userId>`): the first like
 * appends with `no_stream`, so of two likes sent at once exactly one is recorded, and liking
 * what one already likes (or unliking what one does not) decides nothing.
 */
export type LikeTarget = 'post' | 'comment';

export interface LikeData {
  target: LikeTarget;
  targetId: string;
  /** The post the target belongs to (itself for a post). */
  postId: string;
  userId: string;
}

export type Liked = DomainEvent<'Liked', LikeData>;
export type Unliked = DomainEvent<'Unliked', LikeData>;
export type LikeEvent = Liked | Unliked;

export type LikeState = { liked: boolean };

export interface Like {
  type: 'Like';
  data: LikeData;
}

export interface Unlike {
  type: 'Unlike';
  data: LikeData;
}

export type LikeCommand = Like | Unlike;

export function likeStreamId(target: LikeTarget, targetId: string, userId: string): string {
  return `like-${target}-${targetId}-${userId}`;
}

export const likeDecider: Decider<LikeCommand, LikeState, LikeEvent> = {
  initialState: { liked: false },

  decide(command, state) {
    switch (command.type) {
      case 'Like':
        return state.liked ? [] : [{ type: 'Liked', data: command.data }];
      case 'Unlike':
        return state.liked ? [{ type: 'Unliked', data: command.data }] : [];
      default:
        return assertNever(command);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'Liked':
        return { liked: true };
      case 'Unliked':
        return { liked: false };
      default:
        return assertNever(event);
    }
  },
};
