import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { accountStreams } from '../../accounts/account-secrets';
import { adminWorld, type AdminWorld, id, NOW } from '../../moderation/testing/admin-world';
import { AdminLogInCommand, InvalidAdminLoginError } from './admin-log-in.command';
import { AdminLogInHandler } from './admin-log-in.handler';

describe('admin sign-in', () => {
  let world: AdminWorld;
  let handler: AdminLogInHandler;
  const root = id(900);

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    handler = new AdminLogInHandler(world.credentials);
    await world.admin(root, 'root', 'root password 123');
  });

  it('starts a session with the right password and answers its token', async () => {
    const result = await handler.execute(new AdminLogInCommand('root', 'root password 123', 'c'));
    expect(result.admin).toEqual({ id: root, username: 'root' });
    expect(result.sessionToken).toEqual(expect.any(String));
    const [last] = (await world.stream(accountStreams.admin(root))).slice(-1);
    expect(last.type).toBe('AdminSignedIn');
  });

  it('answers the same refusal for a wrong password and an unknown username', async () => {
    await expect(handler.execute(new AdminLogInCommand('root', 'wrong', 'c'))).rejects.toThrow(
      InvalidAdminLoginError,
    );
    await expect(
      handler.execute(new AdminLogInCommand('nobody', 'root password 123', 'c')),
    ).rejects.toThrow(InvalidAdminLoginError);
  });
});
