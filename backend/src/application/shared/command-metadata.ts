import type { Actor, CommandMetadata } from '../../domain/shared/event';

/** A signed-in user acting, as events record it. */
export function userActor(userId: string): Actor {
  return { type: 'user', id: userId };
}

export function commandMetadata(actor: Actor, now: Date, correlationId: string): CommandMetadata {
  return { actor, now, correlationId, causationId: correlationId };
}
