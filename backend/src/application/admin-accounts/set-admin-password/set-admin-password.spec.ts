import { useCase } from '../../../../test/support/use-case-specification';
import { ValidationError } from '../../../domain/shared/errors';
import { accountStreams } from '../../accounts/account-secrets';
import { adminSignedIn, anAdmin } from '../../moderation/testing/admin-events';
import {
  adminServices,
  givenHistory,
  hashed,
  id,
  lookingAround,
  NOW,
} from '../../moderation/testing/admin-use-cases';
import { ADMIN_PASSWORD_RULE } from '../admin-credentials';
import { SetAdminPasswordCommand } from './set-admin-password.command';
import { SetAdminPasswordHandler } from './set-admin-password.handler';

describe('setting an admin’s password', () => {
  const root = id(900);
  const [current, another] = [adminSignedIn(root, 's'), adminSignedIn(root, 's-2')];
  const history = anAdmin(
    { adminId: root, username: 'root', password: 'root password 123' },
    current,
    another,
  );
  const setAdminPassword = givenHistory(
    useCase((world) => new SetAdminPasswordHandler(adminServices(world).credentials), {
      now: NOW,
    }),
    history,
  );
  const acting = { adminId: root, sessionId: 's', currentPassword: 'root password 123' };
  const ownChange = new SetAdminPasswordCommand(acting, root, 'a new long password', 'c');

  it('given an admin signed in twice, when it sets its own password, then its other sessions end, keeping the session it is changed from', () =>
    setAdminPassword.when(ownChange).then(accountStreams.admin(root), [
      {
        type: 'AdminPasswordReset',
        data: {
          adminId: root,
          passwordHash: hashed('a new long password'),
          tokenHashes: [another.data.tokenHash],
        },
      },
    ]));

  it('given an admin, when it sets its own password, then the new password is accepted and the old one refused', () =>
    givenHistory(
      useCase(
        (world) => {
          const { credentials } = adminServices(world);
          const accepts = async (password: string) => {
            const state = await credentials.load(root);
            const refused = () => new Error('refused');
            return credentials.check(state, password, refused).then(
              () => true,
              () => false,
            );
          };
          const passwords = async () => ({
            new: await accepts('a new long password'),
            old: await accepts('root password 123'),
          });
          return lookingAround(new SetAdminPasswordHandler(credentials), passwords);
        },
        { now: NOW },
      ),
      history,
    )
      .when(ownChange)
      .thenAnswers({ before: { new: false, old: true }, after: { new: true, old: false } }));

  it('given an admin, when it sets a password under 12 characters, then it is refused', () =>
    setAdminPassword
      .when(new SetAdminPasswordCommand(acting, root, 'short', 'c'))
      .thenThrows(ValidationError, ADMIN_PASSWORD_RULE));
});
