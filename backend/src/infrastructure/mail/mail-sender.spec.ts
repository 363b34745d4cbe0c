import { createTransport } from 'nodemailer';
import type { MailMessage } from '../../application/ports/mail.port';
import { OutboxMailSender } from './outbox-mail-sender';
import { SmtpMailSender } from './smtp-mail-sender';

const message = (n: number): MailMessage => ({
  to: `ann${n}@example.com`,
  subject: `Subject ${n}`,
  text: `Text ${n}`,
  html: `<p>Text ${n}</p>`,
});

describe('outbox mail sender', () => {
  it('keeps sent mail newest first with the time it was sent, and logs its subject without addresses or links', async () => {
    const lines: string[] = [];
    let clock = Date.parse('2026-03-02T09:00:00.000Z');
    const outbox = new OutboxMailSender({
      now: () => new Date((clock += 1000)),
      log: (line) => lines.push(line),
    });
    await outbox.send(message(1));
    await outbox.send(message(2));
    expect(outbox.list()).toEqual([
      { ...message(2), sentAt: '2026-03-02T09:00:02.000Z' },
      { ...message(1), sentAt: '2026-03-02T09:00:01.000Z' },
    ]);
    expect(lines[0]).toBe('Mail: Subject 1');
    await outbox.send({
      ...message(3),
      subject: 'For bob@example.com',
      text: 'Hi <ann3@example.com>, https://solescore.test/reset-password?token=tok3n',
    });
    expect(lines[2]).toBe('Mail: For [email address]');
    expect(lines.join('\n')).not.toMatch(/@|tok3n|Text/);
  });

  it('keeps only the newest mails up to its capacity', async () => {
    const outbox = new OutboxMailSender({ capacity: 2 });
    for (const n of [1, 2, 3]) await outbox.send(message(n));
    expect(outbox.list().map((m) => m.to)).toEqual(['ann3@example.com', 'ann2@example.com']);
  });

  it('forgets every mail to an erased account’s address', async () => {
    const outbox = new OutboxMailSender();
    for (const n of [1, 2, 1]) await outbox.send(message(n));
    outbox.forget('ANN1@example.com');
    expect(outbox.list().map((m) => m.to)).toEqual(['ann2@example.com']);
  });
});

describe('SMTP mail sender', () => {
  it('hands nodemailer the sender, recipient, subject and both bodies', async () => {
    const transport = createTransport({ jsonTransport: true });
    const sent: unknown[] = [];
    const original = transport.sendMail.bind(transport);
    transport.sendMail = (async (mail: Parameters<typeof original>[0]) => {
      const info = await original(mail);
      sent.push(JSON.parse((info as unknown as { message: string }).message));
      return info;
    }) as typeof transport.sendMail;

    await new SmtpMailSender(transport, 'SoleScore <no-reply@example.com>').send(message(1));
    expect(sent[0]).toMatchObject({
      from: { address: 'no-reply@example.com', name: 'SoleScore' },
      to: [{ address: 'ann1@example.com', name: '' }],
      subject: 'Subject 1',
      text: 'Text 1',
      html: '<p>Text 1</p>',
    });
  });
});
