import { NotFoundError } from '../../../domain/shared/errors';
import { AccountUseCases } from '../../../../test/support/account-use-cases';
import { ChangeEmailPreferencesCommand } from './update-email-preferences.command';
import { ChangeEmailPreferencesHandler } from './update-email-preferences.handler';

describe('update the email preferences', () => {
  let given: AccountUseCases;
  let handler: ChangeEmailPreferencesHandler;
  beforeEach(async () => {
    given = await AccountUseCases.start();
    handler = new ChangeEmailPreferencesHandler(given.account);
  });
  afterEach(() => given.close());

  it('records the change and answers the account as changed', async () => {
    const account = await given.register();
    const user = await handler.execute(
      new ChangeEmailPreferencesCommand(account.userId, { emailNotificationsComment: false }, 'c'),
    );
    expect(user.emailNotificationsComment).toBe(false);
    expect((await given.eventTypes(account.userId)).at(-1)).toBe('EmailPreferencesChanged');
  });

  it('refuses an account that does not exist', async () => {
    await expect(
      handler.execute(
        new ChangeEmailPreferencesCommand(
          'no-such-user',
          { emailNotificationsComment: false },
          'c',
        ),
      ),
    ).rejects.toThrow(NotFoundError);
  });
});
