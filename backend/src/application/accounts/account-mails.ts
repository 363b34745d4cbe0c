import type { MailMessage } from '../ports/mail.port';
import { escapeHtml } from '../shared/escape-html';

const APP_NAME = 'SoleScore';

/** The mails of the account flows; every link is built on PUBLIC_URL. */
export function verificationMail(publicUrl: string, to: string, token: string): MailMessage {
  const link = `${publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Verify your email for ${APP_NAME}`,
    text: [
      `Welcome to ${APP_NAME}!`,
      '',
      'Please confirm your email address by opening this link:',
      link,
      '',
      'The link works for 48 hours. If you did not create an account, you can ignore this email.',
    ].join('\n'),
    html: layout(
      `<p>Welcome to ${APP_NAME}!</p>
<p>Please confirm your email address:</p>
<p><a href="${escapeHtml(link)}">Verify my email</a></p>
<p>Or paste this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link works for 48 hours. If you did not create an account, you can ignore this email.</p>`,
    ),
  };
}

export function passwordResetMail(publicUrl: string, to: string, token: string): MailMessage {
  const link = `${publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
  return {
    to,
    subject: `Reset your ${APP_NAME} password`,
    text: [
      `Someone asked to reset the password of your ${APP_NAME} account.`,
      '',
      'To choose a new password, open this link:',
      link,
      '',
      'The link works for 1 hour and only once. If you did not ask for this, you can ignore this email: your password stays as it is.',
    ].join('\n'),
    html: layout(
      `<p>Someone asked to reset the password of your ${APP_NAME} account.</p>
<p><a href="${escapeHtml(link)}">Choose a new password</a></p>
<p>Or paste this link into your browser:<br>${escapeHtml(link)}</p>
<p>The link works for 1 hour and only once. If you did not ask for this, you can ignore this email: your password stays as it is.</p>`,
    ),
  };
}

export function layout(body: string): string {
  return `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">${body}</body></html>`;
}
