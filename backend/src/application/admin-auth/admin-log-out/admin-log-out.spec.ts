import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import type { AccountReads } from '../../accounts/account-reads';
import { accountStreams } from '../../accounts/account-secrets';
import { adminWorld, type AdminWorld, id } from '../../moderation/testing/admin-world';
import { AdminLogInCommand } from '../admin-log-in/admin-log-in.command';
import { AdminLogInHandler } from '../admin-log-in/admin-log-in.handler';
import { AdminLogOutCommand } from './admin-log-out.command';
import { AdminLogOutHandler } from './admin-log-out.handler';

describe('admin sign-out', () => {
  let world: AdminWorld;
  let handler: AdminLogOutHandler;
  let token: string;
  const root = id(900);

  beforeEach(async () => {
    world = adminWorld(new SqliteEventStore(':memory:'), new EmbeddedReadStore(':memory:'));
    await world.admin(root, 'root', 'root password 123');
    token = (
      await new AdminLogInHandler(world.credentials).execute(
        new AdminLogInCommand('root', 'root password 123', 'c'),
      )
    ).sessionToken;
    const events = await world.stream(accountStreams.admin(root));
    const { sessionId } = events.slice(-1)[0].data as { sessionId: string };
    // The session read model, as the projections would answer it for this token.
    const reads = {
      adminSession: (t: string | null) =>
        Promise.resolve(t === token ? { adminId: root, sessionId } : null),
    } as unknown as AccountReads;
    handler = new AdminLogOutHandler(reads, world.credentials);
  });

  it('ends the session of the token, refused at once', async () => {
    await handler.execute(new AdminLogOutCommand(token, 'c'));
    const [last] = (await world.stream(accountStreams.admin(root))).slice(-1);
    expect(last.type).toBe('AdminSignedOut');
    const { tokenHash } = last.data as { tokenHash: string };
    expect(await world.revocations.isEnded(tokenHash)).toBe(true);
  });

  it('does nothing for a token that is no session', async () => {
    const before = await world.stream(accountStreams.admin(root));
    await handler.execute(new AdminLogOutCommand('not a session', 'c'));
    await handler.execute(new AdminLogOutCommand(null, 'c'));
    expect(await world.stream(accountStreams.admin(root))).toEqual(before);
  });
});
