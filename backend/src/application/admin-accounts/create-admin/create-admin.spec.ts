import { ADMIN_ROSTER_STREAM } from '../../../domain/admin/admin-roster.decider';
import { ConflictError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { accountStreams } from '../../accounts/account-secrets';
import { adminWorld, type AdminWorld, id, NOW } from '../../moderation/testing/admin-world';
import { WrongAdminPasswordError } from '../admin-credentials';
import { CreateAdminCommand } from './create-admin.command';
import { CreateAdminHandler } from './create-admin.handler';

describe('creating an admin', () => {
  let world: AdminWorld;
  let handler: CreateAdminHandler;
  const root = id(900);
  const acting = (currentPassword: string) => ({ adminId: root, sessionId: 's', currentPassword });

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new CreateAdminHandler(world.credentials, world.roster);
    await world.admin(root, 'root', 'root password 123');
  });

  it('creates the admin on its own stream and enrols it on the roster, active', async () => {
    const adminId = await handler.execute(
      new CreateAdminCommand(acting('root password 123'), 'second', 'a long new password', 'c'),
    );
    expect((await world.stream(accountStreams.admin(adminId))).map((e) => e.type)).toEqual([
      'AdminCreated',
    ]);
    expect((await world.stream(ADMIN_ROSTER_STREAM)).slice(-1)).toEqual([
      { type: 'AdminJoinedRoster', data: { adminId, active: true } },
    ]);
  });

  it('refuses without the acting admin’s password, and a username taken', async () => {
    await expect(
      handler.execute(
        new CreateAdminCommand(acting('wrong'), 'second', 'a long new password', 'c'),
      ),
    ).rejects.toThrow(WrongAdminPasswordError);
    await expect(
      handler.execute(
        new CreateAdminCommand(acting('root password 123'), 'root', 'a long new password', 'c'),
      ),
    ).rejects.toThrow(ConflictError);
  });
});
