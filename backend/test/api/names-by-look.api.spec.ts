import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { KEYED_HASHER, type KeyedHasher } from '../../src/application/ports/keyed-hasher.port';
import { ReserveNamesByLook } from '../../src/application/accounts/reserve-names-by-look/reserve-names-by-look';
import { NAMES_BY_LOOK_STREAM } from '../../src/domain/reservation/names-by-look.decider';
import { sessionCookieOf, type RegisteredUser } from '../support/accounts';
import { verifiedUser } from '../support/community';
import { startTestApp, type TestApp } from '../support/test-app';
import { TestClock } from '../support/test-clock';
import { until } from '../support/until';
import type { Schema } from '../support/api-types';

const ADMIN = { ADMIN_USERNAME: 'root_admin', ADMIN_PASSWORD: 'a long admin password' };

describe('display names shown before names were reserved by their look', () => {
  let app: TestApp;
  afterEach(() => app.close());

  /** Given: `name` set before the move, as the log holds it (the claim on its lower case). */
  async function showsNameFromBefore(member: RegisteredUser, name: string) {
    const userId = member.user.id;
    const hasher = app.app.get<KeyedHasher>(KEYED_HASHER);
    const metadata = {
      actor: { type: 'user' as const, id: userId },
      correlationId: 'before',
      causationId: 'before',
      at: new Date().toISOString(),
    };
    await app.events.appendToStream(`user-${userId}`, [
      {
        id: randomUUID(),
        type: 'ProfileUpdated',
        data: { userId, displayUsername: name, bio: null, socialLinks: null },
        metadata,
      },
    ]);
    await app.events.appendToStream(
      `display-name-${hasher.hash('display-name', name.toLowerCase())}`,
      [{ id: randomUUID(), type: 'ReservationClaimed', data: { ownerId: userId }, metadata }],
    );
  }

  const as = (member: RegisteredUser) => ({
    rename: (displayUsername: string) =>
      request(app.server)
        .patch('/api/user/profile')
        .set('Cookie', member.sessionCookie)
        .send({ displayUsername }),
    erase: () =>
      request(app.server)
        .delete('/api/user')
        .set('Cookie', member.sessionCookie)
        .send({ password: member.password }),
  });

  it('claims their looks at start, keeps a younger look-alike for the admins to see, and frees nothing of the older’s when it goes', async () => {
    const clock = new TestClock();
    app = await startTestApp(ADMIN, undefined, { clock });
    const older = await verifiedUser(app);
    clock.advance(60_000);
    const younger = await verifiedUser(app);
    const other = await verifiedUser(app);
    await showsNameFromBefore(younger, 'T0es');
    await showsNameFromBefore(older, 'Toes');

    // When: the new version starts on this log.
    app = await app.restart();
    await until(async () =>
      (await app.events.readStream(NAMES_BY_LOOK_STREAM)).some(
        (event) => event.type === 'DisplayNamesReservedByLook',
      ),
    );

    const taken = { message: 'This display name is already taken' };
    expect((await as(other).rename('TOES')).body).toEqual(taken);
    expect((await as(other).rename('t0es')).status).toBe(409);
    const shown = await request(app.server).get(`/api/users/${younger.user.id}`).expect(200);
    expect(shown.body).toMatchObject({ user: { displayUsername: 'T0es' } });

    const signIn = await request(app.server)
      .post('/api/rtm-sys/login')
      .send({ username: ADMIN.ADMIN_USERNAME, password: ADMIN.ADMIN_PASSWORD })
      .expect(200);
    const auditLog = () =>
      request(app.server)
        .get('/api/rtm-sys/audit?kind=UserNameLookAlikeKept')
        .set('Cookie', sessionCookieOf(signIn.headers['set-cookie'], 'admin_sid'))
        .expect(200);
    await until(async () => ((await auditLog()).body as Schema<'AuditPage'>).items.length > 0);
    expect((await auditLog()).body).toMatchObject({
      items: [
        {
          actorType: 'system',
          actorId: 'names-by-look',
          targetType: 'user',
          targetId: younger.user.id,
          changes: { heldBy: older.user.id },
        },
      ],
    });

    // A second start, and a pass run again from the command line, change nothing.
    app = await app.restart();
    const head = await app.events.headPosition();
    await app.app.get(ReserveNamesByLook).run({ again: true });
    expect(await app.events.headPosition()).toBe(head);

    // The younger look-alike renames, then goes: the older's look stays taken.
    await as(younger).rename('Heels').expect(200);
    expect((await as(other).rename('toes')).status).toBe(409);
    await as(younger).erase().expect(200);
    expect((await as(other).rename('T0ES')).status).toBe(409);
    await as(older).rename('Arches').expect(200);
    await as(other).rename('T0ES').expect(200);
  });
});
