import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordedEvent } from '../../domain/shared/event';
import { SqliteEventStore } from '../../infrastructure/event-store/sqlite-event-store';
import type { MailMessage, MailSender } from '../ports/mail.port';
import { sendNotificationOnce } from './notifications-sent';

describe('a notification sent once', () => {
  let dir: string;
  let eventStore: SqliteEventStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'notifications-'));
    eventStore = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'normal' });
  });
  afterEach(async () => {
    await eventStore.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('given a receipt sent for a purchase, when the purchase is handled again (a replay, a second worker), then nobody is mailed twice', async () => {
    const sent: MailMessage[] = [];
    const mail: MailSender = { send: async (message) => void sent.push(message) };
    const cause = {
      id: randomUUID(),
      metadata: { correlationId: 'c-1' },
    } as unknown as RecordedEvent;
    const receipt = { to: 'ann@example.com', subject: 'Your receipt', text: 'Thanks', html: '' };
    const send = () =>
      sendNotificationOnce(
        { eventStore, mail, at: new Date('2026-11-29T10:00:00.000Z') },
        `notification-${cause.id}`,
        cause,
        [receipt],
        { kind: 'Receipt', recipients: 1 },
      );
    expect(await send()).toBe(true);
    expect(await send()).toBe(false);
    expect(sent).toHaveLength(1);
  });
});
