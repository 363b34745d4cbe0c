import { assertNever, type Decider } from '../shared/decider';
import { ConflictError, ForbiddenError, NotFoundError } from '../shared/errors';
import type { CommandMetadata } from '../shared/event';
import { moderationReason } from '../shared/moderation';
import type { StrikeCause, StrikeEvent } from './strikes.events';
import type { UserEvent } from './user.events';
import { USER_NOT_FOUND } from './user.messages';

/**
 * Strikes and posting suspensions, decided on the account's stream beside its other events
 * (which this decider reads only for the account's existence). Every `strikes` strikes within
 * `windowMs` suspend posting, commenting and rating for `suspensionMs`; the strikes a suspension
 * was for are spent, so the next one takes as many new ones. A strike during a suspension that
 * completes another set lengthens it from its end. A suspension ends by itself at its `until`;
 * an admin may lift it earlier, with a reason.
 */

export const NOT_POSTING_SUSPENDED = 'This account is not suspended from posting';

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

export type StrikeCommand = RecordStrike | LiftPostingSuspension;

export interface Strike {
  strikeId: string;
  at: string;
  /** Counted into a suspension already. */
  spent: boolean;
}

export type StrikesState =
  | { status: 'unregistered' | 'erased' }
  | { status: 'registered'; userId: string; strikes: Strike[]; suspendedUntil: string | null };

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
        };
      }
      case 'PostingSuspensionLifted':
        return { ...state, suspendedUntil: null };
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
  const since = now.getTime() - policy.windowMs;
  const counting = [...state.strikes, { strikeId, at, spent: false }].filter(
    (s) => !s.spent && Date.parse(s.at) > since,
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
