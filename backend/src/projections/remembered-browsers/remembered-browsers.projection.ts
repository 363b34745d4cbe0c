import type { RecordedEvent } from '../../domain/shared/event';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const REMEMBERED_BROWSERS = 'remembered_browsers';

/** How many remembered browsers an account keeps (the most recent; older ones are forgotten). */
export const REMEMBERED_BROWSERS_PER_ACCOUNT = 20;

/**
 * The browsers a sign-in remembered for an account (its failed-sign-in limits let them through),
 * one document per account (`user:<userId>`, `admin:<adminId>`), as the sha256 of the random
 * secret each browser holds in its remembered-browser cookie, newest first. A sign-in adds one;
 * a new password (changed, reset, chosen while verifying, set by an admin, restored), signing
 * out everywhere, disabling an admin and an erasure forget them all.
 */
export interface RememberedBrowsersDocument extends ReadDocument {
  tokenHashes: string[];
}

const FORGETS_USER = new Set(['PasswordChanged', 'PasswordReset', 'AccountErased']);
const FORGETS_ADMIN = new Set(['AdminPasswordReset', 'AdminDisabled', 'AdminRestored']);

export function rememberedBrowsersOwner(kind: 'user' | 'admin', id: string): string {
  return `${kind}:${id}`;
}

/** The account an event is about: `user:<userId>` or `admin:<adminId>`. */
function ownerOf(event: RecordedEvent): string | null {
  const data = event.data as { userId?: unknown; adminId?: unknown } | null;
  if (event.type.startsWith('Admin')) {
    return typeof data?.adminId === 'string'
      ? rememberedBrowsersOwner('admin', data.adminId)
      : null;
  }
  return typeof data?.userId === 'string' ? rememberedBrowsersOwner('user', data.userId) : null;
}

export const rememberedBrowsersProjection: Projection<RememberedBrowsersDocument> = {
  collection: REMEMBERED_BROWSERS,
  handles: ['SessionStarted', 'SessionEnded', ...FORGETS_USER, 'AdminSignedIn', ...FORGETS_ADMIN],

  documentId: ownerOf,

  apply(document, event: RecordedEvent) {
    if (FORGETS_USER.has(event.type) || FORGETS_ADMIN.has(event.type)) return null;
    const data = event.data as { rememberedBrowserHash?: unknown; reason?: unknown };
    if (event.type === 'SessionEnded') {
      return data.reason === 'signed-out-everywhere' ? null : document;
    }
    const hash = data.rememberedBrowserHash;
    if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) return document;
    const kept = (document?.tokenHashes ?? []).filter((known) => known !== hash);
    return {
      _id: document?._id ?? (ownerOf(event) as string),
      tokenHashes: [hash, ...kept].slice(0, REMEMBERED_BROWSERS_PER_ACCOUNT),
    };
  },
};
