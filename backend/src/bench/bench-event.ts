import { randomUUID } from 'node:crypto';

/**
 * An event the bench's anchor routes append: a system actor's, with a new id, so that the anchor
 * writes what a use case writes (one serialized event with its metadata) and nothing more.
 */
export function benchEvent(type: string, data: Record<string, unknown>) {
  return {
    id: randomUUID(),
    type,
    data,
    metadata: {
      actor: { type: 'system' as const, id: 'bench' },
      correlationId: 'bench',
      causationId: 'bench',
      at: new Date().toISOString(),
    },
  };
}
