import type { RecordedEvent } from '../../domain/shared/event';
import type {
  AccountErased,
  EmailVerificationIssued,
  ExpiredLinksForgotten,
  PasswordResetIssued,
} from '../../domain/user/user.events';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';
import { tokenHashesOf } from '../token-hashes';

export const ACCOUNT_TOKENS = 'account_tokens';

export type AccountTokenPurpose = 'email-verification' | 'password-reset';

/**
 * Which account a link from a mail belongs to, keyed by the sha256 of its token. Only a lookup:
 * whether the token is still good (unused, unexpired) is decided by the user's decider. Links
 * past their time leave with `ExpiredLinksForgotten` (a new link issued, the hourly sweep).
 */
export interface AccountTokenDocument extends ReadDocument {
  userId: string;
  purpose: AccountTokenPurpose;
  expiresAt: string;
}

type Handled =
  | RecordedEvent<EmailVerificationIssued['type'], EmailVerificationIssued['data']>
  | RecordedEvent<PasswordResetIssued['type'], PasswordResetIssued['data']>
  | RecordedEvent<AccountErased['type'], AccountErased['data']>
  | RecordedEvent<ExpiredLinksForgotten['type'], ExpiredLinksForgotten['data']>;

export const accountTokensProjection: Projection<AccountTokenDocument> = {
  collection: ACCOUNT_TOKENS,
  handles: [
    'EmailVerificationIssued',
    'PasswordResetIssued',
    'AccountErased',
    'ExpiredLinksForgotten',
  ],
  // The hourly sweep's links past their time.
  indexes: [{ keys: { expiresAt: 1 } }],

  documentId(event) {
    if (event.type === 'AccountErased' || event.type === 'ExpiredLinksForgotten') {
      return tokenHashesOf(event);
    }
    const tokenHash = (event.data as { tokenHash?: unknown } | null)?.tokenHash;
    return typeof tokenHash === 'string' ? tokenHash : null;
  },

  apply(_document, recorded) {
    const event = recorded as Handled;
    // An erased account's links lead nowhere any more.
    if (event.type === 'AccountErased' || event.type === 'ExpiredLinksForgotten') return null;
    return {
      _id: event.data.tokenHash,
      userId: event.data.userId,
      purpose: event.type === 'EmailVerificationIssued' ? 'email-verification' : 'password-reset',
      expiresAt: event.data.expiresAt,
    };
  },
};
