import { createHash, randomBytes } from 'node:crypto';
import { nameKey } from '../../domain/user/user-profile';

/**
 * The secrets handed to people (session cookies, links in mails) are 32 random bytes in
 * base64url. Only their sha256 is ever stored, in events and read models alike, so a copy of
 * the data directory signs nobody in.
 */
export interface SecretToken {
  token: string;
  tokenHash: string;
}

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;

export function newSecretToken(): SecretToken {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: sha256(token) };
}

/** The hash of a presented token, or null when it cannot be one of ours. */
export function hashPresentedToken(token: string | null | undefined): string | null {
  if (typeof token !== 'string' || !TOKEN_FORMAT.test(token)) return null;
  return sha256(token);
}

function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Stream ids: the plain email never appears in one, only its hash. */
export const accountStreams = {
  user: (userId: string) => `user-${userId}`,
  email: (normalisedEmail: string) => `email-${sha256(normalisedEmail)}`,
  username: (name: string) => `username-${nameKey(name)}`,
  displayName: (name: string) => `display-name-${nameKey(name)}`,
  admin: (adminId: string) => `admin-${adminId}`,
  adminUsername: (username: string) => `admin-username-${nameKey(username)}`,
};

/** A key for an email in rate-limit counters: a hash, not the address. */
export function emailKey(rawEmail: string): string {
  return sha256(`login:${rawEmail.trim().toLowerCase()}`);
}
