import { randomUUID } from 'node:crypto';
import type { RecordedEvent } from '../../domain/shared/event';
import { type EventStore, WrongExpectedVersionError } from '../ports/event-store.port';
import type { MailMessage, MailSender } from '../ports/mail.port';

/**
 * Records a notification in its own stream (`NotificationSent`, appended to a stream that must
 * not exist yet), then sends its mails; one already recorded is not sent again (answers false).
 * So a replay, a retry or a second worker mails nobody twice. The event's id is new each time:
 * an append that repeats the ids already on a stream is answered as a success by both stores
 * (their idempotence, see the event store port), which would send the mails again.
 */
export async function sendNotificationOnce(
  { eventStore, mail, at }: { eventStore: EventStore; mail: MailSender; at: Date },
  streamId: string,
  cause: RecordedEvent | null,
  mails: MailMessage[],
  data: Record<string, unknown>,
): Promise<boolean> {
  if (mails.length === 0) return true;
  const id = randomUUID();
  try {
    await eventStore.appendToStream(
      streamId,
      [
        {
          id,
          type: 'NotificationSent',
          data,
          metadata: {
            actor: { type: 'system', id: 'notifications' },
            correlationId: cause?.metadata.correlationId ?? id,
            causationId: cause?.id ?? id,
            at: at.toISOString(),
          },
        },
      ],
      { expectedRevision: 'no_stream' },
    );
  } catch (error) {
    if (error instanceof WrongExpectedVersionError) return false; // sent before
    throw error;
  }
  for (const message of mails) await mail.send(message);
  return true;
}
