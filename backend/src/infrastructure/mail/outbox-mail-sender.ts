import type {
  MailMessage,
  MailOutbox,
  MailSender,
  SentMail,
} from '../../application/ports/mail.port';

import { withoutEmailAddresses } from '../logging/email-masking';

export type { SentMail } from '../../application/ports/mail.port';

export interface OutboxOptions {
  /** How many mails to keep; older ones are dropped. */
  capacity?: number;
  now?: () => Date;
  /** Where each mail is printed (the app's log); null prints nothing. */
  log?: ((line: string) => void) | null;
}

/**
 * The embedded default: mail stays in the app, in memory, and can be read at `GET /api/dev/mail`
 * (not in production). Nothing is delivered, so a production start refuses it unless dev
 * adapters are allowed. The log gets one line per mail, its subject: never the recipient (nor
 * any other address) and never the body, whose links sign people in or reset passwords. The
 * outbox itself says who got what, and forgets an erased account's mail.
 */
export class OutboxMailSender implements MailSender, MailOutbox {
  private readonly mails: SentMail[] = [];
  private readonly capacity: number;
  private readonly now: () => Date;
  private readonly log: ((line: string) => void) | null;

  constructor(options: OutboxOptions = {}) {
    this.capacity = options.capacity ?? 200;
    this.now = options.now ?? (() => new Date());
    this.log = options.log ?? null;
  }

  async send(message: MailMessage): Promise<void> {
    const mail: SentMail = { ...message, sentAt: this.now().toISOString() };
    this.mails.push(mail);
    if (this.mails.length > this.capacity) this.mails.splice(0, this.mails.length - this.capacity);
    this.log?.(withoutEmailAddresses(`Mail: ${mail.subject}`));
  }

  /** Newest first. */
  list(): SentMail[] {
    return [...this.mails].reverse();
  }

  forget(address: string): void {
    const kept = this.mails.filter((mail) => mail.to.toLowerCase() !== address.toLowerCase());
    this.mails.splice(0, this.mails.length, ...kept);
  }
}
