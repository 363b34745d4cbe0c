import { Inject, Injectable } from '@nestjs/common';
import { createHash, randomBytes } from 'node:crypto';
import { nameSkeleton } from '../../domain/user/name-skeleton';
import { nameKey } from '../../domain/user/user-profile';
import { KEYED_HASHER, type KeyedHasher } from '../ports/keyed-hasher.port';

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

/** Stream ids of accounts, by their random ids. */
export const accountStreams = {
  user: (userId: string) => `user-${userId}`,
  admin: (adminId: string) => `admin-${adminId}`,
};

/**
 * Ids made of what a person typed (an email, a name): the reservation streams that keep them
 * unique, and the rate-limit counters of an email. Each is a keyed hash (HMAC with the app
 * secret), never the value nor its bare sha256, which a list of addresses or names would
 * reverse; the log and the counters thus hold nothing of the person's email or names.
 */
@Injectable()
export class AccountKeys {
  constructor(@Inject(KEYED_HASHER) private readonly hasher: KeyedHasher) {}

  emailStream(normalisedEmail: string): string {
    return `email-${this.hasher.hash('email', normalisedEmail)}`;
  }

  /** Anonymous usernames; names are unique case-insensitively. */
  usernameStream(name: string): string {
    return `username-${this.hasher.hash('username', nameKey(name))}`;
  }

  /**
   * Display names, by their look (`name-skeleton.ts`): one stream for every name a reader cannot
   * tell from another, so a look-alike of a name shown is refused by the same claim.
   */
  displayNameStream(name: string): string {
    return `display-name-${this.hasher.hash('display-name-look', nameSkeleton(name))}`;
  }

  adminUsernameStream(username: string): string {
    return `admin-username-${this.hasher.hash('admin-username', nameKey(username))}`;
  }

  /** A key for an email in rate-limit counters. */
  emailCounterKey(rawEmail: string): string {
    return this.hasher.hash('login-email', rawEmail.trim().toLowerCase());
  }
}
