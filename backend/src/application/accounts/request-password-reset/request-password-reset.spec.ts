import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { RequestPasswordResetCommand } from './request-password-reset.command';
import { RequestPasswordResetHandler } from './request-password-reset.handler';

describe('request a password reset', () => {
  let given: AccountUseCases;
  let handler: RequestPasswordResetHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new RequestPasswordResetHandler(given.links);
  });
  afterEach(() => given.close());

  it('issues a reset link and mails it to the account', async () => {
    const account = await given.register();
    await handler.execute(new RequestPasswordResetCommand(account.email, 'c'));
    expect((await given.eventTypes(account.userId)).at(-1)).toBe('PasswordResetIssued');
    while (!given.sent.some((mail) => mail.text.includes('/reset-password?token='))) {
      await new Promise((resolve) => setImmediate(resolve));
    }
  });

  it('records and mails nothing for an address without an account', async () => {
    await handler.execute(new RequestPasswordResetCommand('nobody@example.com', 'c'));
    expect(given.sent).toEqual([]);
  });
});
