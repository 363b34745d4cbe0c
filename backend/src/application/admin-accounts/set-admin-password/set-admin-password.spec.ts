import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { accountStreams } from '../../accounts/account-secrets';
import { adminWorld, type AdminWorld, id, NOW } from '../../moderation/testing/admin-world';
import { ADMIN_PASSWORD_RULE } from '../admin-credentials';
import { SetAdminPasswordCommand } from './set-admin-password.command';
import { SetAdminPasswordHandler } from './set-admin-password.handler';

describe('setting an admin’s password', () => {
  let world: AdminWorld;
  let handler: SetAdminPasswordHandler;
  const root = id(900);
  const acting = { adminId: root, sessionId: 's', currentPassword: 'root password 123' };

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new SetAdminPasswordHandler(world.credentials);
    await world.admin(root, 'root', 'root password 123');
  });

  it('sets one’s own password, keeping the session it is changed from', async () => {
    await handler.execute(new SetAdminPasswordCommand(acting, root, 'a new long password', 'c'));
    const [last] = (await world.stream(accountStreams.admin(root))).slice(-1);
    expect(last.type).toBe('AdminPasswordReset');
    const state = await world.credentials.load(root);
    const refused = () => new Error('refused');
    await expect(world.credentials.check(state, 'a new long password', refused)).resolves.toBe(
      state,
    );
    await expect(world.credentials.check(state, 'root password 123', refused)).rejects.toThrow(
      'refused',
    );
  });

  it('refuses a password under 12 characters', async () => {
    await expect(
      handler.execute(new SetAdminPasswordCommand(acting, root, 'short', 'c')),
    ).rejects.toThrow(ADMIN_PASSWORD_RULE);
  });
});
