import type { SessionEnded, SessionsExpired, SessionStarted } from '../../domain/user/user.events';
import type { RecordedEvent } from '../../domain/shared/event';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';
import { tokenHashesOf } from '../token-hashes';

export const USER_SESSIONS = 'user_sessions';

/**
 * Open user sessions keyed by the sha256 of their token, so a request's cookie is resolved with
 * one lookup by id. An ended session is deleted; an expired one is refused by its `expiresAt`
 * until the hourly sweep ends it (`SessionsExpired`).
 */
export interface UserSessionDocument extends ReadDocument {
  sessionId: string;
  userId: string;
  expiresAt: string;
  startedAt: string;
  /** "Firefox on Linux", or null when the browser did not say. */
  browser: string | null;
}

type Handled =
  | RecordedEvent<SessionStarted['type'], SessionStarted['data']>
  | RecordedEvent<SessionEnded['type'], SessionEnded['data']>
  | RecordedEvent<SessionsExpired['type'], SessionsExpired['data']>;

export const userSessionsProjection: Projection<UserSessionDocument> = {
  collection: USER_SESSIONS,
  handles: ['SessionStarted', 'SessionEnded', 'SessionsExpired'],
  // An account's signed-in browsers, newest first; the hourly sweep's sessions past their time.
  indexes: [{ keys: { userId: 1, startedAt: -1 } }, { keys: { expiresAt: 1 } }],

  documentId(event) {
    if (event.type === 'SessionsExpired') return tokenHashesOf(event);
    const tokenHash = (event.data as { tokenHash?: unknown } | null)?.tokenHash;
    return typeof tokenHash === 'string' ? tokenHash : null;
  },

  apply(_document, recorded) {
    const event = recorded as Handled;
    if (event.type === 'SessionEnded' || event.type === 'SessionsExpired') return null;
    return {
      _id: event.data.tokenHash,
      sessionId: event.data.sessionId,
      userId: event.data.userId,
      expiresAt: event.data.expiresAt,
      startedAt: recorded.metadata.at,
      browser: typeof event.data.browser === 'string' ? event.data.browser : null,
    };
  },
};
