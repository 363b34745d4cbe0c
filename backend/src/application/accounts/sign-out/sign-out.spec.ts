import { NotFoundError } from '../../../domain/shared/errors';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { LogOutCommand } from './sign-out.command';
import { LogOutHandler } from './sign-out.handler';

describe('sign out', () => {
  let given: AccountUseCases;
  let handler: LogOutHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new LogOutHandler(given.account);
  });
  afterEach(() => given.close());

  it('ends the session at once', async () => {
    const account = await given.register();
    const { sessionId } = (await given.reads.userSession(account.sessionToken))!;
    await handler.execute(new LogOutCommand(account.userId, sessionId, 'c'));
    expect(await given.reads.userSession(account.sessionToken)).toBeNull();
    expect((await given.eventTypes(account.userId)).at(-1)).toBe('SessionEnded');
  });

  it('refuses to end, from the list of browsers, a session the account does not hold', async () => {
    const account = await given.register();
    await expect(
      handler.execute(new LogOutCommand(account.userId, 'no-such-session', 'c', true)),
    ).rejects.toThrow(NotFoundError);
  });
});
