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

/** A mail kept in the outbox, and when it was sent. */
export interface SentMail extends MailMessage {
  sentAt: string;
}

/**
 * The outbox of the embedded default (mail kept in the app instead of delivered), for developers
 * and browser tests; null when mail goes out through SMTP.
 */
export const MAIL_OUTBOX = Symbol('MailOutbox');

export interface MailOutbox {
  /** Newest first. */
  list(): SentMail[];
  /** Drops every mail to an address (its account was erased). */
  forget(address: string): void;
}
