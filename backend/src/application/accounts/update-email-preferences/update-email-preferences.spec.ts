import { NotFoundError } from '../../../domain/shared/errors';
import { useCase } from '../../../../test/support/use-case-specification';
import { accountServices, anAccount, registered, userStreamOf } from '../testing/account-world';
import { ChangeEmailPreferencesCommand } from './update-email-preferences.command';
import { ChangeEmailPreferencesHandler } from './update-email-preferences.handler';

const ann = anAccount(1);

describe('update the email preferences', () => {
  const changePreferences = useCase(
    (world) => new ChangeEmailPreferencesHandler(accountServices(world).account),
  );

  it('given an account, when it turns comment mails off, then the change is recorded and the account answered as changed', async () => {
    const changed = registered(changePreferences, ann).when(
      new ChangeEmailPreferencesCommand(ann.userId, { emailNotificationsComment: false }, 'c'),
    );
    await changed.then(userStreamOf(ann), [
      {
        type: 'EmailPreferencesChanged',
        data: {
          userId: ann.userId,
          emailNotificationsRating: true,
          emailNotificationsComment: false,
          emailNotificationsAchievements: true,
        },
      },
    ]);
    expect((await changed.outcome()).answer).toMatchObject({
      _id: ann.userId,
      emailNotificationsComment: false,
      emailNotificationsRating: true,
    });
  });

  it('given no account, when its preferences are changed, then it is refused as not found', () =>
    changePreferences
      .when(
        new ChangeEmailPreferencesCommand(
          'no-such-user',
          { emailNotificationsComment: false },
          'c',
        ),
      )
      .thenThrows(NotFoundError));
});
