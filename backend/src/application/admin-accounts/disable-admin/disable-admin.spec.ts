import { ForbiddenError } from '../../../domain/shared/errors';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { accountStreams } from '../../accounts/account-secrets';
import { adminWorld, type AdminWorld, id, NOW } from '../../moderation/testing/admin-world';
import { DisableAdminCommand } from './disable-admin.command';
import { DisableAdminHandler } from './disable-admin.handler';

describe('disabling an admin', () => {
  let world: AdminWorld;
  let handler: DisableAdminHandler;
  const [root, other] = [id(900), id(901)];
  const acting = { adminId: root, sessionId: 's', currentPassword: 'root password 123' };

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new DisableAdminHandler(world.credentials, world.roster);
    await world.admin(root, 'root', 'root password 123');
    await world.admin(other, 'other', 'other password 123');
  });

  it('disables another admin on the roster, then on its own stream', async () => {
    await handler.execute(new DisableAdminCommand(acting, other, 'Left', 'c'));
    const [last] = (await world.stream(accountStreams.admin(other))).slice(-1);
    expect(last).toMatchObject({ type: 'AdminDisabled' });
  });

  it('never disables oneself', async () => {
    await expect(handler.execute(new DisableAdminCommand(acting, root, null, 'c'))).rejects.toThrow(
      ForbiddenError,
    );
  });
});
