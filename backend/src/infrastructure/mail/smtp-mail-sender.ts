import { createTransport, type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';
import type { MailMessage, MailSender } from '../../application/ports/mail.port';

/** Production mail through any SMTP server (`SMTP_URL`, e.g. `smtps://user:pass@host:465`). */
export class SmtpMailSender implements MailSender {
  private readonly transport: Transporter;

  constructor(
    transport: string | SMTPTransport.Options | Transporter,
    private readonly from: string,
  ) {
    this.transport =
      typeof transport === 'object' && 'sendMail' in transport
        ? transport
        : createTransport(transport);
  }

  async send(message: MailMessage): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }

  close(): void {
    this.transport.close();
  }
}
