import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import request from 'supertest';
import { AccountKeys } from '../../src/application/accounts/account-secrets';
import type { EventStore } from '../../src/application/ports/event-store.port';
import {
  PASSWORD_HASHER,
  type PasswordHasher,
} from '../../src/application/ports/password-hasher.port';
import { SqliteEventStore } from '../../src/infrastructure/event-store/sqlite-event-store';
import { HmacKeyedHasher } from '../../src/infrastructure/keyed-hasher/hmac-keyed-hasher';
import { Argon2PasswordHasher } from '../../src/infrastructure/passwords/argon2-password-hasher';
import { accountKeys, eventsOf, sessionCookieOf } from '../support/accounts';
import { startTestApp, type TestApp } from '../support/test-app';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };
const ROUNDS = 30;

interface Signed {
  id: string;
  cookie: string;
  password: string;
}

const signIn = async (app: TestApp, username: string, password: string): Promise<Signed> => {
  const response = await request(app.server)
    .post('/api/rtm-sys/login')
    .send({ username, password })
    .expect(200);
  return {
    id: (response.body as Schema<'AdminResponse'>).id,
    cookie: sessionCookieOf(response.headers['set-cookie'], 'admin_sid'),
    password,
  };
};

const as = (app: TestApp, admin: Signed) => ({
  get: (path: string) => request(app.server).get(`/api/rtm-sys${path}`).set('Cookie', admin.cookie),
  post: (path: string) =>
    request(app.server).post(`/api/rtm-sys${path}`).set('Cookie', admin.cookie),
});

const activeAdmins = async (app: TestApp, admin: Signed) => {
  const page = (await as(app, admin).get('/admins?pageSize=100').expect(200))
    .body as Schema<'AdminAccountPage'>;
  return page.items.filter((a) => a.status === 'active').map((a) => a.id);
};

describe('the last active admin', () => {
  it('survives two admins disabling each other at the same moment, round after round', async () => {
    const app = await startTestApp(ADMIN);
    try {
      let survivor = await signIn(app, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
      for (let round = 0; round < ROUNDS; round += 1) {
        // Exactly two active admins: the survivor of the last round and a new one.
        const username = `admin_${round}`;
        const password = `round ${round} long password`;
        await as(app, survivor)
          .post('/admins')
          .send({ username, password, currentPassword: survivor.password })
          .expect(200);
        const newcomer = await signIn(app, username, password);
        expect((await activeAdmins(app, survivor)).sort()).toEqual(
          [survivor.id, newcomer.id].sort(),
        );

        const [first, second] = await Promise.all([
          as(app, survivor)
            .post(`/admins/${newcomer.id}/disable`)
            .send({ currentPassword: survivor.password }),
          as(app, newcomer)
            .post(`/admins/${survivor.id}/disable`)
            .send({ currentPassword: newcomer.password }),
        ]);
        const statuses = [first.status, second.status];
        expect(statuses.filter((status) => status === 200)).toHaveLength(1);
        const refused = first.status === 200 ? second : first;
        expect([403, 409]).toContain(refused.status);
        expect(refused.body).toEqual({ message: expect.any(String) });

        const winner = first.status === 200 ? survivor : newcomer;
        const loser = winner === survivor ? newcomer : survivor;
        expect(await activeAdmins(app, winner)).toEqual([winner.id]);
        // The one disabled is signed out and cannot sign in again.
        await as(app, loser).get('/me').expect(401);
        survivor = winner;
      }
      // The log agrees: one admin disabled per round, and the survivor can still sign in.
      const disabled = (await app.events.readAll()).filter((e) => e.type === 'AdminDisabled');
      expect(disabled).toHaveLength(ROUNDS);
      await as(app, survivor).get('/me').expect(200);
    } finally {
      await app.close();
    }
  });
});

const APP_SECRET = 'a test secret of at least thirty-two characters';
const OLD = { actor: { type: 'system' as const, id: 'first-admin' } };

interface OldAdmin {
  username: string;
  password: string;
  disabled: boolean;
}

/** The events an older version wrote for an admin: its username claimed, created, maybe disabled. */
async function writeOldAdmins(
  events: EventStore,
  keys: AccountKeys,
  hasher: PasswordHasher,
  admins: OldAdmin[],
): Promise<string[]> {
  const metadata = {
    ...OLD,
    correlationId: 'old-version',
    causationId: 'old-version',
    at: new Date().toISOString(),
  };
  const ids: string[] = [];
  for (const admin of admins) {
    const adminId = randomUUID();
    ids.push(adminId);
    await events.appendToStream(
      keys.adminUsernameStream(admin.username),
      [{ id: randomUUID(), type: 'ReservationClaimed', data: { ownerId: adminId }, metadata }],
      { expectedRevision: 'no_stream' },
    );
    const passwordHash = await hasher.hash(admin.password);
    await events.appendToStream(
      `admin-${adminId}`,
      [
        {
          id: randomUUID(),
          type: 'AdminCreated',
          data: { adminId, username: admin.username, passwordHash },
          metadata,
        },
        ...(admin.disabled
          ? [
              {
                id: randomUUID(),
                type: 'AdminDisabled',
                data: { adminId, reason: null, tokenHashes: [] },
                metadata,
              },
            ]
          : []),
      ],
      { expectedRevision: 'no_stream' },
    );
  }
  return ids;
}

/**
 * A data directory as a version without the admin roster left it: admins in their own streams
 * and no `admins-roster` stream, written before this version ever starts on it.
 */
async function oldStore(admins: OldAdmin[]): Promise<{ dataDir: string; ids: string[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'old-store-'));
  const events = new SqliteEventStore(join(dataDir, 'events.sqlite'));
  try {
    const ids = await writeOldAdmins(
      events,
      new AccountKeys(new HmacKeyedHasher(APP_SECRET)),
      new Argon2PasswordHasher({ memoryCost: 64 }),
      admins,
    );
    return { dataDir, ids };
  } finally {
    await events.close();
  }
}

describe('the break-glass at start', () => {
  it('restores the configured admin with the configured password when every admin is disabled', async () => {
    const {
      dataDir,
      ids: [rootId, otherId],
    } = await oldStore([
      { username: 'root_admin', password: 'the old root password', disabled: true },
      { username: 'other_admin', password: 'the other password', disabled: true },
    ]);
    // Without the configured admin nobody can sign in, whatever the password.
    let app = await startTestApp({ APP_SECRET }, dataDir);
    try {
      await request(app.server)
        .post('/api/rtm-sys/login')
        .send({ username: 'root_admin', password: 'the old root password' })
        .expect(401);
      await app.app.close();

      app = await startTestApp({ ...ADMIN, APP_SECRET }, dataDir);
      const root = await signIn(app, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
      expect(root.id).toBe(rootId);
      await request(app.server)
        .post('/api/rtm-sys/login')
        .send({ username: 'root_admin', password: 'the old root password' })
        .expect(401);
      await request(app.server)
        .post('/api/rtm-sys/login')
        .send({ username: 'other_admin', password: 'the other password' })
        .expect(401);
      expect(await activeAdmins(app, root)).toEqual([rootId]);
      const rootEvents = await eventsOf(app, `admin-${rootId}`);
      expect(rootEvents.map((e) => e.type)).toEqual([
        'AdminCreated',
        'AdminDisabled',
        'AdminRestored',
        'AdminSignedIn',
      ]);
      expect(rootEvents[2]).toMatchObject({
        metadata: { actor: { type: 'system', id: 'first-admin' } },
      });
      // The roster was seeded from the admins' own streams, then the root admin restored.
      expect((await eventsOf(app, 'admins-roster')).map((e) => [e.type, e.data])).toEqual([
        [
          'AdminRosterSeeded',
          {
            admins: expect.arrayContaining([
              { adminId: rootId, active: false },
              { adminId: otherId, active: false },
            ]) as unknown,
          },
        ],
        ['AdminRosterRestored', { adminId: rootId }],
      ]);
      // The break-glass is in the audit log.
      const audit = (await as(app, root).get('/audit?kind=AdminRestored').expect(200))
        .body as Schema<'AuditPage'>;
      expect(audit.items).toEqual([
        expect.objectContaining({ actorType: 'system', targetId: rootId }),
      ]);

      // A restart with an active admin changes nothing.
      app = await app.restart();
      expect((await eventsOf(app, `admin-${rootId}`)).at(-1)?.type).toBe('AdminSignedIn');
    } finally {
      await app.close();
    }
  });

  it('creates the configured admin when its username was never an admin', async () => {
    const { dataDir } = await oldStore([
      { username: 'old_admin', password: 'the old password', disabled: true },
    ]);
    const app = await startTestApp({ ...ADMIN, APP_SECRET }, dataDir);
    try {
      const root = await signIn(app, ADMIN.ADMIN_USERNAME, ADMIN.ADMIN_PASSWORD);
      expect(await activeAdmins(app, root)).toEqual([root.id]);
    } finally {
      await app.close();
    }
  });

  it('counts the admins an older version wrote after the roster was seeded', async () => {
    let app = await startTestApp();
    try {
      // This version started once (seeding an empty roster), then an older one wrote admins.
      const [activeId, disabledId] = await writeOldAdmins(
        app.events,
        accountKeys(app),
        app.app.get<PasswordHasher>(PASSWORD_HASHER),
        [
          { username: 'kept_admin', password: 'the kept password', disabled: false },
          { username: 'gone_admin', password: 'the gone password', disabled: true },
        ],
      );
      await app.app.close();
      app = await startTestApp(
        { ADMIN_USERNAME: 'gone_admin', ADMIN_PASSWORD: 'a configured password' },
        app.dataDir,
      );
      await request(app.server)
        .post('/api/rtm-sys/login')
        .send({ username: 'gone_admin', password: 'a configured password' })
        .expect(401);
      const kept = await signIn(app, 'kept_admin', 'the kept password');
      expect(kept.id).toBe(activeId);
      const again = await as(app, kept)
        .post(`/admins/${disabledId}/disable`)
        .send({ currentPassword: 'the kept password' })
        .expect(409);
      expect(again.body).toEqual({ message: 'This admin is already disabled' });
    } finally {
      await app.close();
    }
  });
});
