import type { MailMessage, MailSender } from '../../application/ports/mail.port';
import type { Metrics } from '../../application/ports/metrics.port';

/** The chosen mail adapter (SMTP or the outbox) with each mail counted as sent or failed. */
export class MeteredMailSender implements MailSender {
  constructor(
    private readonly inner: MailSender,
    private readonly metrics: Pick<Metrics, 'mailSent'>,
  ) {}

  async send(message: MailMessage): Promise<void> {
    try {
      await this.inner.send(message);
    } catch (error) {
      this.metrics.mailSent('failed');
      throw error;
    }
    this.metrics.mailSent('sent');
  }
}
