import { ForbiddenError } from '../../../domain/shared/errors';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { VerifyEmailCommand } from './verify-email.command';
import { FOREIGN_VERIFICATION_LINK, VerifyEmailHandler } from './verify-email.handler';

describe('verify the email', () => {
  let given: AccountUseCases;
  let handler: VerifyEmailHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new VerifyEmailHandler(given.account);
  });
  afterEach(() => given.close());

  it('verifies the account in the browser signed in to it, keeping that session', async () => {
    const account = await given.register();
    const session = (await given.reads.userSession(account.sessionToken))!;
    const { user, sessionToken } = await handler.execute(
      new VerifyEmailCommand(given.mailedToken(account.email), session, null, 'c'),
    );
    expect(user.emailVerified).toBe(true);
    expect(sessionToken).toBeNull();
    expect(await given.reads.userSession(account.sessionToken)).not.toBeNull();
    expect((await given.eventTypes(account.userId)).at(-1)).toBe('EmailVerified');
  });

  it('refuses a link opened where another account is signed in', async () => {
    const account = await given.register();
    const other = await given.register();
    const otherSession = (await given.reads.userSession(other.sessionToken))!;
    await expect(
      handler.execute(
        new VerifyEmailCommand(given.mailedToken(account.email), otherSession, null, 'c'),
      ),
    ).rejects.toThrow(new ForbiddenError(FOREIGN_VERIFICATION_LINK));
  });
});
