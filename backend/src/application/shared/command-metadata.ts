import type { Actor, CommandMetadata } from '../../domain/shared/event';

export function commandMetadata(actor: Actor, now: Date, correlationId: string): CommandMetadata {
  return { actor, now, correlationId, causationId: correlationId };
}
