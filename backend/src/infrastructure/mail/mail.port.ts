/** Outgoing mail. Bodies are built by the application; adapters only deliver them. */
export const MAIL_SENDER = Symbol('MailSender');

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailSender {
  send(message: MailMessage): Promise<void>;
}
