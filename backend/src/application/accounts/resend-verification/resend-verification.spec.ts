import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { ResendVerificationCommand } from './resend-verification.command';
import { ResendVerificationHandler } from './resend-verification.handler';

describe('resend the verification link', () => {
  let given: AccountUseCases;
  let handler: ResendVerificationHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new ResendVerificationHandler(given.links);
  });
  afterEach(() => given.close());

  it('issues and mails a fresh link to an unverified account', async () => {
    const account = await given.register();
    const first = given.mailedToken(account.email);
    await handler.execute(new ResendVerificationCommand(account.email, 'c'));
    await expect(given.eventTypes(account.userId)).resolves.toContain('EmailVerificationIssued');
    await waitFor(() => given.mailedToken(account.email) !== first);
  });

  it('records and mails nothing for an address without an account', async () => {
    await handler.execute(new ResendVerificationCommand('nobody@example.com', 'c'));
    expect(given.sent).toEqual([]);
  });
});

/** The mail leaves after the answer (its timing must not tell who has an account). */
async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setImmediate(resolve));
}
