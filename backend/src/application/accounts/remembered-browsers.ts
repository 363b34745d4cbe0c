import { Inject, Injectable } from '@nestjs/common';
import { ADMIN_USERNAME_PATTERN } from '../../domain/admin/admin.decider';
import { ValidationError } from '../../domain/shared/errors';
import { normaliseEmail } from '../../domain/user/account-rules';
import {
  REMEMBERED_BROWSERS,
  type RememberedBrowsersDocument,
  rememberedBrowsersOwner,
} from '../../projections/remembered-browsers/remembered-browsers.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { reservationHolder } from '../shared/reservations';
import { StreamWrites } from '../shared/stream-writes';
import { AccountKeys, hashPresentedToken } from './account-secrets';

/**
 * Which browsers a sign-in has remembered for an account: each holds a random secret of its own
 * for that account (32 bytes, in its remembered-browser cookie), and only the secret's sha256 is
 * recorded (on the sign-in's event) and kept (in the read model). A browser is recognised for an
 * account only while that account has not had a new password, signed out everywhere or been
 * erased since (an admin: a new password, disabled, restored).
 */
@Injectable()
export class RememberedBrowsers {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
    private readonly accountKeys: AccountKeys,
  ) {}

  /**
   * Of the secrets a browser presents, the one remembered for the account that signs in with
   * `identifier` (a member's email, an admin's username), or null.
   */
  async recognised(
    kind: 'user' | 'admin',
    identifier: string,
    secrets: readonly string[],
  ): Promise<string | null> {
    if (secrets.length === 0) return null;
    const accountId = await this.accountOf(kind, identifier);
    if (!accountId) return null;
    const document = await this.readStore.findOne<RememberedBrowsersDocument>(REMEMBERED_BROWSERS, {
      _id: rememberedBrowsersOwner(kind, accountId),
    });
    const known = new Set(document?.tokenHashes ?? []);
    return secrets.find((secret) => known.has(hashPresentedToken(secret) ?? '')) ?? null;
  }

  private async accountOf(kind: 'user' | 'admin', identifier: string): Promise<string | null> {
    let stream: string;
    if (kind === 'admin') {
      if (!ADMIN_USERNAME_PATTERN.test(identifier)) return null;
      stream = this.accountKeys.adminUsernameStream(identifier);
    } else {
      try {
        stream = this.accountKeys.emailStream(normaliseEmail(identifier));
      } catch (error) {
        if (error instanceof ValidationError) return null;
        throw error;
      }
    }
    return (await reservationHolder(this.writes, stream))?.ownerId ?? null;
  }
}
