import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { accountStreams } from '../../accounts/account-secrets';
import { adminWorld, type AdminWorld, id, NOW } from '../../moderation/testing/admin-world';
import { AdminLogInCommand } from '../admin-log-in/admin-log-in.command';
import { AdminLogInHandler } from '../admin-log-in/admin-log-in.handler';
import { AdminLogOutCommand } from './admin-log-out.command';
import { AdminLogOutHandler } from './admin-log-out.handler';

describe('admin sign-out', () => {
  let world: AdminWorld;
  let handler: AdminLogOutHandler;
  let sessionId: string;
  const root = id(900);

  beforeEach(async () => {
    world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.admin(root, 'root', 'root password 123');
    await new AdminLogInHandler(world.credentials).execute(
      new AdminLogInCommand('root', 'root password 123', 'c'),
    );
    const events = await world.stream(accountStreams.admin(root));
    ({ sessionId } = events.slice(-1)[0].data as { sessionId: string });
    handler = new AdminLogOutHandler(world.credentials);
  });

  it('ends the session, refused at once', async () => {
    await handler.execute(new AdminLogOutCommand(root, sessionId, 'c'));
    const [last] = (await world.stream(accountStreams.admin(root))).slice(-1);
    expect(last.type).toBe('AdminSignedOut');
    const { tokenHash } = last.data as { tokenHash: string };
    expect(await world.revocations.isEnded(tokenHash)).toBe(true);
  });

  it('records nothing more for a session already ended', async () => {
    await handler.execute(new AdminLogOutCommand(root, sessionId, 'c'));
    const before = await world.stream(accountStreams.admin(root));
    await handler.execute(new AdminLogOutCommand(root, sessionId, 'c'));
    expect(await world.stream(accountStreams.admin(root))).toEqual(before);
  });
});
