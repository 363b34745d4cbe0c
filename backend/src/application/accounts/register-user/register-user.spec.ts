import { randomUUID } from 'node:crypto';
import { ConflictError } from '../../../domain/shared/errors';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { RegisterUserCommand } from './register-user.command';

describe('register a user', () => {
  let given: AccountUseCases;
  beforeEach(async () => {
    given = await AccountUseCases.start();
  });
  afterEach(() => given.close());

  it('records the account with its verification link and first session, and mails the link', async () => {
    const { user, sessionToken } = await given.registerUser.execute(
      new RegisterUserCommand('New@Example.com', 'correct horse battery', randomUUID()),
    );
    expect(user).toMatchObject({ email: 'new@example.com', emailVerified: false });
    expect(await given.reads.userSession(sessionToken)).toMatchObject({ userId: user._id });
    expect(await given.eventTypes(user._id)).toEqual([
      'UserRegistered',
      'EmailVerificationIssued',
      'SessionStarted',
    ]);
    expect(given.mailedToken('new@example.com')).toHaveLength(43);
  });

  it('refuses an email that already has an account, in any case', async () => {
    const { email } = await given.register();
    await expect(
      given.registerUser.execute(
        new RegisterUserCommand(email.toUpperCase(), 'another pw 123', 'c'),
      ),
    ).rejects.toThrow(ConflictError);
  });
});
