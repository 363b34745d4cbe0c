import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '../../src/application/ports/event-store.port';

/** An event to append with a new id, the system as its actor and no data unless given. */
export const systemEvent = (type: string, data: Record<string, unknown> = {}): EventToAppend => ({
  id: randomUUID(),
  type,
  data,
  metadata: {
    actor: { type: 'system', id: 'test' },
    correlationId: 'c',
    causationId: 'c',
    at: '2026-01-01T00:00:00.000Z',
  },
});
