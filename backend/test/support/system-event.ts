import { randomUUID } from 'node:crypto';
import type { EventToAppend } from '../../src/application/ports/event-store.port';

/** An event to append with a new id, no data and the system as its actor. */
export const systemEvent = (type: string): EventToAppend => ({
  id: randomUUID(),
  type,
  data: {},
  metadata: {
    actor: { type: 'system', id: 'test' },
    correlationId: 'c',
    causationId: 'c',
    at: '2026-01-01T00:00:00.000Z',
  },
});
