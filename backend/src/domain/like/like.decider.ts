import { assertNever, type Decider } from '../shared/decider';
import type { DomainEvent } from '../shared/event';
import {
  type HoldReason,
  LASTING_REASONS,
  tiesToAuthor,
  type Voter,
  type VoteOrigin,
} from '../post-rating/vote-standing';

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

/**
 * A like of a post from an account tied to its author (see `vote-standing.ts`) is recorded with
 * `heldOut` and never counted; one from an account in a burst of sign-ups an admin has not
 * cleared (`cluster`) is recorded the same way and counts once the burst is cleared
 * (`LikeCounted`). An unlike carries what still holds the like out, so the count is left alone
 * too. Likes recorded before the rules have none and count.
 */
export type Liked = DomainEvent<'Liked', LikeData & { heldOut?: HoldReason[] }>;
export type Unliked = DomainEvent<'Unliked', LikeData & { heldOut?: HoldReason[] }>;
/**
 * A like that counted leaves the count: its account was found in a burst of sign-ups after it
 * was cast. It counts again once the burst is cleared (`LikeCounted`).
 */
export type LikeHeld = DomainEvent<'LikeHeld', LikeData & { heldOut: HoldReason[] }>;
/** A like held out by its account's burst alone counts: the burst was cleared. */
export type LikeCounted = DomainEvent<'LikeCounted', LikeData & { reason: 'cluster-cleared' }>;
/**
 * A ban sets the liker's likes aside until a lift restores them: a counted one (`heldOut` empty)
 * leaves the count meanwhile. A like set aside stays until then: it cannot be undone.
 */
export type LikeSetAside = DomainEvent<'LikeSetAside', LikeData & { heldOut?: HoldReason[] }>;
export type LikeRestored = DomainEvent<'LikeRestored', LikeData & { heldOut?: HoldReason[] }>;
export type LikeEvent = Liked | Unliked | LikeSetAside | LikeRestored | LikeHeld | LikeCounted;

/** Every like event type: each names its like whole (target, post, liker). */
export const LIKE_EVENTS: readonly string[] = [
  'Liked',
  'Unliked',
  'LikeSetAside',
  'LikeRestored',
  'LikeHeld',
  'LikeCounted',
] satisfies LikeEvent['type'][];

export type LikeState = {
  liked: boolean;
  heldOut: HoldReason[];
  setAside: boolean;
  /** What the stream's last event named (each event names it whole). */
  like: LikeData | null;
};

export interface Like {
  type: 'Like';
  /**
   * The liker and the post's author as the vote rules know them, and where the like itself comes
   * from (for a post's like). `authorId`: the post's author, whose own like is one like like any
   * other (the rules hold out other accounts tied to the author, not the author).
   */
  data: LikeData & {
    liker?: Voter | null;
    author?: Voter | null;
    from?: VoteOrigin | null;
    authorId?: string | null;
  };
}

export interface Unlike {
  type: 'Unlike';
  data: LikeData;
}

/** The liker's account was found in a burst of sign-ups: a post's like that counts is held. */
export interface HoldLike {
  type: 'HoldLike';
}

/**
 * The liker's burst was cleared: a like held out by it alone counts. `likerClusterHeld`: whether
 * the liker belongs to a burst still held, as the read models know it now.
 */
export interface CountLike {
  type: 'CountLike';
  data: { likerClusterHeld: boolean };
}

/** The liker was banned (`SetLikeAside`), or the ban lifted (`RestoreLike`). */
export interface SetLikeAside {
  type: 'SetLikeAside';
}
export interface RestoreLike {
  type: 'RestoreLike';
}

export type LikeCommand = Like | Unlike | HoldLike | CountLike | SetLikeAside | RestoreLike;

export function likeStreamId(target: LikeTarget, targetId: string, userId: string): string {
  return `like-${target}-${targetId}-${userId}`;
}

export const likeDecider: Decider<LikeCommand, LikeState, LikeEvent> = {
  initialState: { liked: false, heldOut: [], setAside: false, like: null },
  // Each event sets the whole state: a toggle reads only the stream's last event.
  lastEventDecides: true,

  decide(command, state) {
    switch (command.type) {
      case 'Like': {
        if (state.liked) return [];
        const { liker, author, from, authorId, ...like } = command.data;
        const ruled = like.target === 'post' && like.userId !== authorId;
        const heldOut = ruled ? tiesToAuthor(liker ?? null, author ?? null, from ?? null) : [];
        // A burst's likes wait for the admin, whoever's post they are on.
        if (like.target === 'post' && liker?.clusterHeld) heldOut.push('cluster');
        return [{ type: 'Liked', data: heldOut.length > 0 ? { ...like, heldOut } : like }];
      }
      case 'HoldLike': {
        const { liked, heldOut, setAside, like } = state;
        if (!liked || !like || like.target !== 'post' || setAside || heldOut.length > 0) return [];
        return [{ type: 'LikeHeld', data: { ...like, heldOut: ['cluster'] } }];
      }
      case 'CountLike': {
        const { liked, heldOut, setAside, like } = state;
        if (!liked || !like || setAside || heldOut.length === 0) return [];
        if (command.data.likerClusterHeld) return [];
        if (heldOut.some((reason) => LASTING_REASONS.includes(reason))) return [];
        return [{ type: 'LikeCounted', data: { ...like, reason: 'cluster-cleared' } }];
      }
      case 'Unlike': {
        if (!state.liked || state.setAside) return [];
        const { heldOut } = state;
        return [
          {
            type: 'Unliked',
            data: heldOut.length > 0 ? { ...command.data, heldOut } : command.data,
          },
        ];
      }
      case 'SetLikeAside':
      case 'RestoreLike': {
        const aside = command.type === 'SetLikeAside';
        if (!state.liked || !state.like || state.setAside === aside) return [];
        const { heldOut, like } = state;
        const data = heldOut.length > 0 ? { ...like, heldOut } : like;
        return [{ type: aside ? 'LikeSetAside' : 'LikeRestored', data }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(_state, event) {
    switch (event.type) {
      case 'Liked':
      case 'LikeSetAside':
      case 'LikeRestored':
        return {
          liked: true,
          heldOut: event.data.heldOut ?? [],
          setAside: event.type === 'LikeSetAside',
          like: likeData(event.data),
        };
      case 'LikeHeld':
        return {
          liked: true,
          heldOut: event.data.heldOut,
          setAside: false,
          like: likeData(event.data),
        };
      case 'LikeCounted':
        return { liked: true, heldOut: [], setAside: false, like: likeData(event.data) };
      case 'Unliked':
        return { liked: false, heldOut: [], setAside: false, like: likeData(event.data) };
      default:
        return assertNever(event);
    }
  },
};

function likeData({ target, targetId, postId, userId }: LikeData): LikeData {
  return { target, targetId, postId, userId };
}
