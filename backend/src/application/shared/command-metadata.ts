import type { Actor, CommandMetadata } from '../../domain/shared/event';

/**
 * Who takes a decision, in which request, and when: what `StreamWrites.decide` stamps on the
 * events it appends. Without `now` the decision is taken at the clock's now; without
 * `causationId` it is caused by the request (`correlationId`).
 */
export interface By {
  actor: Actor;
  correlationId: string;
  now?: Date;
  causationId?: string;
}

/** The ways a decision is taken: `by.member(userId, correlationId)`, `by.admin(act)`, … */
export const by = {
  /** A signed-in member, or the account itself. */
  member: (userId: string, correlationId: string, now?: Date): By =>
    by.actor(userActor(userId), correlationId, now),
  /** An admin acting in a request. */
  admin: (act: { adminId: string; correlationId: string }, now?: Date): By =>
    by.actor({ type: 'admin', id: act.adminId }, act.correlationId, now),
  /** The app itself (`id` names the part that decides: a sweep, a reactor). */
  system: (id: string, correlationId: string, now?: Date): By =>
    by.actor({ type: 'system', id }, correlationId, now),
  /** Any other actor (a visitor, Stripe). */
  actor: (actor: Actor, correlationId: string, now?: Date): By =>
    now ? { actor, correlationId, now } : { actor, correlationId },
};

/** The metadata of a decision `by` takes, at `now` unless it says when. */
export function metadataOf(decision: By, now: Date): CommandMetadata {
  return {
    actor: decision.actor,
    now: decision.now ?? now,
    correlationId: decision.correlationId,
    causationId: decision.causationId ?? decision.correlationId,
  };
}

/** A signed-in user acting, as events record it. */
export function userActor(userId: string): Actor {
  return { type: 'user', id: userId };
}

/** The whole metadata of a decision `actor` takes at `now` in a request (a `by` that says all). */
export function commandMetadata(actor: Actor, now: Date, correlationId: string): CommandMetadata {
  return metadataOf(by.actor(actor, correlationId), now);
}
