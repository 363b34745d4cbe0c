import type { AdminCreated, AdminSignedIn } from '../../domain/admin/admin.decider';
import type { RecordedEvent } from '../../domain/shared/event';
import type { ReadDocument } from '../read-model';
import type { Projection } from '../projection';

export const ADMINS = 'admins';

/** Admin identities as the admin screens show them; the password hash stays in the stream. */
export interface AdminDocument extends ReadDocument {
  username: string;
  createdAt: string;
  lastSignedInAt: string | null;
  status: 'active' | 'disabled';
}

type Handled =
  | RecordedEvent<AdminCreated['type'], AdminCreated['data']>
  | RecordedEvent<AdminSignedIn['type'], AdminSignedIn['data']>;

export const adminsProjection: Projection<AdminDocument> = {
  collection: ADMINS,
  handles: ['AdminCreated', 'AdminSignedIn', 'AdminDisabled', 'AdminRestored'],
  indexes: [{ keys: { status: 1 } }, { keys: { createdAt: 1 } }],

  documentId(event) {
    const adminId = (event.data as { adminId?: unknown } | null)?.adminId;
    return typeof adminId === 'string' ? adminId : null;
  },

  apply(document, recorded) {
    const event = recorded as Handled;
    if (event.type === 'AdminCreated') {
      return {
        _id: event.data.adminId,
        username: event.data.username,
        createdAt: recorded.metadata.at,
        lastSignedInAt: null,
        status: 'active',
      };
    }
    if (recorded.type === 'AdminDisabled') {
      return document ? { ...document, status: 'disabled' } : null;
    }
    if (recorded.type === 'AdminRestored') {
      return document ? { ...document, status: 'active' } : null;
    }
    return document ? { ...document, lastSignedInAt: recorded.metadata.at } : null;
  },
};
