import { assertNever, type Decider } from '../shared/decider';
import {
  ConflictError,
  ForbiddenError,
  NotFoundError,
  RejectedContentError,
} from '../shared/errors';
import type { CommandMetadata } from '../shared/event';
import { moderationReason } from '../shared/moderation';
import type { StrikeCause, StrikeEvent } from './strikes.events';
import type { UserEvent } from './user.events';
import { USER_NOT_FOUND } from './user.messages';

/**
 * Strikes and posting suspensions, on the account's stream. Every `strikes` strikes within
 * `windowMs` suspend posting, commenting and rating for `suspensionMs`; those strikes are spent, so
 * the next suspension takes as many new ones. A strike during a suspension that completes another
 * set lengthens it from its end. An admin may lift one early, with a reason.
 */

export const NOT_POSTING_SUSPENDED = 'This account is not suspended from posting';
/** A refused photo fixed by an upload that passes within this long does not count. */
export const FIX_WINDOW_MS = 10 * 60 * 1000;
export const WITHDRAWN_SUSPENSION_REASON =
  'A strike it was for was withdrawn: the refused photo was replaced at once.';

/** How many strikes, within how long, suspend for how long (from configuration). */
export interface StrikePolicy {
  strikes: number;
  windowMs: number;
  suspensionMs: number;
}

export interface RecordStrike {
  type: 'RecordStrike';
  data: { userId: string; strikeId: string; cause: StrikeCause; at: string; policy: StrikePolicy };
  metadata: CommandMetadata;
}

export interface LiftPostingSuspension {
  type: 'LiftPostingSuspension';
  data: { reason: string };
  metadata: CommandMetadata;
}

/**
 * The account's upload `ratingId` passed the photo check at `passedAt`: the latest photo refusal
 * within `FIX_WINDOW_MS` before it, not withdrawn yet, is withdrawn (one passing upload fixes one
 * refusal).
 */
export interface WithdrawFixedStrike {
  type: 'WithdrawFixedStrike';
  data: { userId: string; ratingId: string; passedAt: string };
  metadata: CommandMetadata;
}

export type StrikeCommand = RecordStrike | LiftPostingSuspension | WithdrawFixedStrike;

export interface Strike {
  strikeId: string;
  at: string;
  /** Counted into a suspension already. */
  spent: boolean;
  /** No longer counts (see `StrikeWithdrawn`). */
  withdrawn?: boolean;
}

export type StrikesState =
  | { status: 'unregistered' | 'erased' }
  | {
      status: 'registered';
      userId: string;
      strikes: Strike[];
      suspendedUntil: string | null;
      /** The strikes the last suspension spent. */
      suspendedFor?: string[];
    };

/**
 * The strikes that count towards a suspension at `now`: not spent, not withdrawn, within the
 * window. What a refusal's message counts too ("1 of 3 in 30 days").
 */
export function liveStrikes(strikes: readonly Strike[], now: Date, windowMs: number): Strike[] {
  const since = now.getTime() - windowMs;
  return strikes.filter((s) => !s.spent && !s.withdrawn && Date.parse(s.at) > since);
}

/** The end of the suspension running at `now`, or null when the account may post. */
export function postingSuspendedUntil(state: StrikesState, now: Date): string | null {
  if (state.status !== 'registered' || state.suspendedUntil === null) return null;
  return Date.parse(state.suspendedUntil) > now.getTime() ? state.suspendedUntil : null;
}

/** "30 November 2026 at 14:05 UTC": the day and the minute a suspension ends. */
export function suspensionEnd(until: string): string {
  const end = new Date(until);
  const day = end.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = end.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return `${day} at ${time} UTC`;
}

/** What a refused write answers while the account is suspended from posting. */
export function postingSuspendedMessage(until: string): string {
  return (
    'Posting, commenting and rating are paused on your account after repeated breaches of our ' +
    `community guidelines. You can post again on ${suspensionEnd(until)}.`
  );
}

/** How many live strikes an account has with a new one, of how many within how many days. */
export interface StrikeTally {
  count: number;
  limit: number;
  windowDays: number;
}

/** Photo refusals that are strikes (a photo that is not feet, or too small, is not a breach). */
export const STRIKING_PHOTO_REFUSALS: ReadonlySet<string> = new Set([
  'face_or_person',
  'nudity_or_explicit',
]);

/**
 * A refused upload that is a strike: the refusal's message says so, with the count, and how to
 * keep it from counting; `strike` goes beside the message in the answer (the page links the
 * rules).
 */
export class StrikingRefusalError extends RejectedContentError {
  constructor(
    refusal: string,
    readonly strike: StrikeTally,
  ) {
    super(
      `${refusal} This counts as a strike: ${strike.count} of ${strike.limit} in ` +
        `${strike.windowDays} days. If your next upload within 10 minutes follows the rules, ` +
        'this one will not count.',
    );
  }
}

/** The 403 a write answers while the account is suspended from posting. */
export class PostingSuspendedError extends ForbiddenError {
  constructor(readonly until: string) {
    super(postingSuspendedMessage(until));
  }
}

export const strikesDecider: Decider<StrikeCommand, StrikesState, UserEvent> = {
  initialState: { status: 'unregistered' },

  decide(command, state) {
    switch (command.type) {
      case 'RecordStrike':
        return recordStrike(command, state);
      case 'WithdrawFixedStrike':
        return withdrawFixedStrike(command, state);
      case 'LiftPostingSuspension': {
        if (state.status !== 'registered') throw new NotFoundError(USER_NOT_FOUND);
        const reason = moderationReason(command.data.reason, true) as string;
        const until = postingSuspendedUntil(state, command.metadata.now);
        if (until === null) throw new ConflictError(NOT_POSTING_SUSPENDED);
        return [{ type: 'PostingSuspensionLifted', data: { userId: state.userId, reason, until } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    if (event.type === 'UserRegistered') {
      return { status: 'registered', userId: event.data.userId, strikes: [], suspendedUntil: null };
    }
    if (event.type === 'AccountErased') return { status: 'erased' };
    if (state.status !== 'registered') return state;
    switch (event.type) {
      case 'StrikeRecorded':
        return {
          ...state,
          strikes: [
            ...state.strikes,
            { strikeId: event.data.strikeId, at: event.data.at, spent: false },
          ],
        };
      case 'PostingSuspended': {
        const spent = new Set(event.data.strikeIds);
        return {
          ...state,
          strikes: state.strikes.map((s) => (spent.has(s.strikeId) ? { ...s, spent: true } : s)),
          suspendedUntil: event.data.until,
          suspendedFor: event.data.strikeIds,
        };
      }
      case 'PostingSuspensionLifted':
        return { ...state, suspendedUntil: null };
      case 'StrikeWithdrawn': {
        const { strikeId, restored } = event.data;
        const counting = new Set(restored);
        return {
          ...state,
          strikes: state.strikes.map((s) => {
            if (s.strikeId === strikeId) return { ...s, withdrawn: true };
            return counting.has(s.strikeId) ? { ...s, spent: false } : s;
          }),
        };
      }
      default:
        return state;
    }
  },
};

function recordStrike(command: RecordStrike, state: StrikesState): StrikeEvent[] {
  // An account that is gone (or never was) has nothing left to strike.
  if (state.status !== 'registered') return [];
  const { strikeId, cause, at, policy } = command.data;
  // The same offence seen again (a replay, a second upheld report of one post) counts once.
  if (state.strikes.some((s) => s.strikeId === strikeId)) return [];
  const { now } = command.metadata;
  const userId = state.userId;
  const recorded: StrikeEvent = { type: 'StrikeRecorded', data: { userId, strikeId, cause, at } };
  const counting = liveStrikes(
    [...state.strikes, { strikeId, at, spent: false }],
    now,
    policy.windowMs,
  );
  if (counting.length < policy.strikes) return [recorded];
  const running = postingSuspendedUntil(state, now);
  const from = running ?? now.toISOString();
  const until = new Date(Date.parse(from) + policy.suspensionMs).toISOString();
  return [
    recorded,
    {
      type: 'PostingSuspended',
      data: { userId, from, until, strikeIds: counting.map((s) => s.strikeId) },
    },
  ];
}

function withdrawFixedStrike(command: WithdrawFixedStrike, state: StrikesState): StrikeEvent[] {
  if (state.status !== 'registered') return [];
  const { ratingId, passedAt } = command.data;
  const passed = Date.parse(passedAt);
  const fixed = state.strikes
    .filter((s) => s.strikeId.startsWith('photo:') && !s.withdrawn)
    .filter((s) => {
      const at = Date.parse(s.at);
      return at <= passed && passed - at <= FIX_WINDOW_MS;
    })
    .at(-1);
  if (!fixed) return [];
  const userId = state.userId;
  const running = postingSuspendedUntil(state, command.metadata.now);
  const completedRunning = running !== null && (state.suspendedFor ?? []).includes(fixed.strikeId);
  const restored = completedRunning
    ? (state.suspendedFor ?? []).filter((id) => id !== fixed.strikeId)
    : [];
  const withdrawn: StrikeEvent = {
    type: 'StrikeWithdrawn',
    data: {
      userId,
      strikeId: fixed.strikeId,
      reason: 'fixed_at_once',
      byRatingId: ratingId,
      restored,
    },
  };
  if (!completedRunning) return [withdrawn];
  return [
    withdrawn,
    {
      type: 'PostingSuspensionLifted',
      data: { userId, reason: WITHDRAWN_SUSPENSION_REASON, until: running },
    },
  ];
}
