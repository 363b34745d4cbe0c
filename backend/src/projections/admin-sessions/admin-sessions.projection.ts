import type {
  AdminSessionsExpired,
  AdminSignedIn,
  AdminSignedOut,
} from '../../domain/admin/admin.decider';
import type { RecordedEvent } from '../../domain/shared/event';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';
import { tokenHashesOf } from '../token-hashes';

export const ADMIN_SESSIONS = 'admin_sessions';

/**
 * Open admin sessions keyed by the sha256 of their token; kept apart from user sessions. An
 * expired one is refused by its `expiresAt` until the hourly sweep ends it.
 */
export interface AdminSessionDocument extends ReadDocument {
  sessionId: string;
  adminId: string;
  expiresAt: string;
  startedAt: string;
}

type Handled =
  | RecordedEvent<AdminSignedIn['type'], AdminSignedIn['data']>
  | RecordedEvent<AdminSignedOut['type'], AdminSignedOut['data']>
  | RecordedEvent<AdminSessionsExpired['type'], AdminSessionsExpired['data']>;

export const adminSessionsProjection: Projection<AdminSessionDocument> = {
  collection: ADMIN_SESSIONS,
  handles: [
    'AdminSignedIn',
    'AdminSignedOut',
    'AdminSessionsExpired',
    'AdminDisabled',
    'AdminPasswordReset',
    'AdminRestored',
  ],
  // The hourly sweep's sessions past their time.
  indexes: [{ keys: { expiresAt: 1 } }],

  documentId(event) {
    // Several sessions end at once: expired, or every one of a disabled, reset or restored admin.
    if (
      event.type === 'AdminSessionsExpired' ||
      event.type === 'AdminDisabled' ||
      event.type === 'AdminPasswordReset' ||
      event.type === 'AdminRestored'
    ) {
      return tokenHashesOf(event);
    }
    const tokenHash = (event.data as { tokenHash?: unknown } | null)?.tokenHash;
    return typeof tokenHash === 'string' ? tokenHash : null;
  },

  apply(_document, recorded) {
    if (recorded.type !== 'AdminSignedIn') return null;
    const event = recorded as Handled;
    if (event.type !== 'AdminSignedIn') return null;
    return {
      _id: event.data.tokenHash,
      sessionId: event.data.sessionId,
      adminId: event.data.adminId,
      expiresAt: event.data.expiresAt,
      startedAt: recorded.metadata.at,
    };
  },
};
