import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { LogOutCommand } from '../sign-out/sign-out.command';
import { LogOutHandler } from '../sign-out/sign-out.handler';
import { GetSignedInBrowsersHandler } from './signed-in-browsers.handler';
import { GetSignedInBrowsersQuery } from './signed-in-browsers.query';

describe('the signed-in browsers of an account', () => {
  let given: AccountUseCases;
  let handler: GetSignedInBrowsersHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new GetSignedInBrowsersHandler(given.reads);
  });
  afterEach(() => given.close());

  it('lists the account’s live sessions with their browsers', async () => {
    const account = await given.register();
    await given.register();
    const sessions = await handler.execute(new GetSignedInBrowsersQuery(account.userId));
    expect(sessions.map((s) => [s.userId, s.browser])).toEqual([
      [account.userId, 'Firefox on Linux'],
    ]);
  });

  it('leaves out a session ended a moment ago', async () => {
    const account = await given.register();
    const [session] = await handler.execute(new GetSignedInBrowsersQuery(account.userId));
    await new LogOutHandler(given.account).execute(
      new LogOutCommand(account.userId, session.sessionId, 'c'),
    );
    expect(await handler.execute(new GetSignedInBrowsersQuery(account.userId))).toEqual([]);
  });
});
