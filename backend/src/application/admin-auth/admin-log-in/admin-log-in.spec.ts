import { useCase } from '../../../../test/support/use-case-specification';
import { accountStreams } from '../../accounts/account-secrets';
import { anAdmin } from '../../moderation/testing/admin-events';
import {
  adminServices,
  appendedTo,
  givenHistory,
  id,
  NOW,
} from '../../moderation/testing/admin-use-cases';
import { AdminLogInCommand, InvalidAdminLoginError } from './admin-log-in.command';
import { AdminLogInHandler } from './admin-log-in.handler';

describe('admin sign-in', () => {
  const root = id(900);
  const adminLogIn = givenHistory(
    useCase((world) => new AdminLogInHandler(adminServices(world).credentials), { now: NOW }),
    anAdmin({ adminId: root, username: 'root', password: 'root password 123' }),
  );

  it('given an admin, when it signs in with the right password, then a session starts and its token is answered', async () => {
    const outcome = await adminLogIn
      .when(new AdminLogInCommand('root', 'root password 123', 'c'))
      .outcome();
    expect(outcome.answer?.admin).toEqual({ id: root, username: 'root' });
    expect(outcome.answer?.sessionToken).toEqual(expect.any(String));
    expect(appendedTo(outcome, accountStreams.admin(root)).map((e) => e.type)).toEqual([
      'AdminSignedIn',
    ]);
  });

  it('given an admin, when it signs in with a wrong password, then it is refused', () =>
    adminLogIn
      .when(new AdminLogInCommand('root', 'wrong', 'c'))
      .thenThrows(InvalidAdminLoginError));

  it('given an admin, when an unknown username signs in, then it is refused the same way', () =>
    adminLogIn
      .when(new AdminLogInCommand('nobody', 'root password 123', 'c'))
      .thenThrows(InvalidAdminLoginError));
});
