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

/** Where a person reaches us about their account (the privacy policy's address). */
export const SUPPORT_ADDRESS = 'support@solescore.app';

/**
 * After a change through the settings (`changed`) or a reset link (`reset`): tells the owner,
 * and how to take the account back if it was not them (a reset link from the forgot-password
 * page signs every browser out).
 */
export function passwordChangedMail(
  publicUrl: string,
  to: string,
  how: 'changed' | 'reset',
): MailMessage {
  const forgot = `${publicUrl}/forgot-password`;
  const what =
    how === 'reset'
      ? `The password of your ${APP_NAME} account was just reset with a link mailed to this address, and every browser was signed out.`
      : `The password of your ${APP_NAME} account was just changed in its settings, and every other browser was signed out.`;
  const notYou = `If this was not you, ask for a reset link at ${forgot} and choose a new password: that signs everyone else out. If you cannot get in, write to ${SUPPORT_ADDRESS}.`;
  return {
    to,
    subject: `Your ${APP_NAME} password was changed`,
    text: [what, '', 'If this was you, there is nothing more to do.', '', notYou].join('\n'),
    html: layout(
      `<p>${escapeHtml(what)}</p>
<p>If this was you, there is nothing more to do.</p>
<p>If this was not you, <a href="${escapeHtml(forgot)}">ask for a reset link</a> and choose a new password: that signs everyone else out. If you cannot get in, write to ${escapeHtml(SUPPORT_ADDRESS)}.</p>`,
    ),
  };
}

/**
 * Someone tried to register an address that already has an account: its owner hears of it
 * (registration answers as if the address were new, so that it tells nobody else), with the
 * way in. No link in it signs anybody in or changes anything.
 */
export function existingAccountMail(publicUrl: string, to: string): MailMessage {
  const login = `${publicUrl}/login`;
  const forgot = `${publicUrl}/forgot-password`;
  return {
    to,
    subject: `You already have a ${APP_NAME} account`,
    text: [
      `Someone just tried to create a ${APP_NAME} account with this email address, which already has one. No new account was created.`,
      '',
      `If it was you, sign in at ${login}`,
      `Forgot your password? Ask for a reset link at ${forgot}`,
      '',
      'If it was not you, you can ignore this email: nothing changed on your account.',
    ].join('\n'),
    html: layout(
      `<p>Someone just tried to create a ${APP_NAME} account with this email address, which already has one. No new account was created.</p>
<p>If it was you, <a href="${escapeHtml(login)}">sign in</a>. Forgot your password? <a href="${escapeHtml(forgot)}">Ask for a reset link</a>.</p>
<p>If it was not you, you can ignore this email: nothing changed on your account.</p>`,
    ),
  };
}

export function layout(body: string): string {
  return `<!doctype html><html><body style="font-family: sans-serif; line-height: 1.5">${body}</body></html>`;
}
