import { useCase } from '../../../../test/support/use-case-specification';
import { accountStreams } from '../../accounts/account-secrets';
import { adminSignedIn, anAdmin } from '../../moderation/testing/admin-events';
import {
  adminServices,
  givenHistory,
  id,
  lookingAround,
  NOW,
} from '../../moderation/testing/admin-use-cases';
import { AdminLogOutCommand } from './admin-log-out.command';
import { AdminLogOutHandler } from './admin-log-out.handler';

describe('admin sign-out', () => {
  const root = id(900);
  const session = adminSignedIn(root, 's-1');
  const { sessionId, tokenHash } = session.data;
  const signedOut = { type: 'AdminSignedOut', data: { adminId: root, sessionId, tokenHash } };
  const adminLogOut = useCase(
    (world) => {
      const { credentials, revocations } = adminServices(world);
      return lookingAround(new AdminLogOutHandler(credentials), () =>
        revocations.isEnded(tokenHash),
      );
    },
    { now: NOW },
  );

  it('given a signed-in admin, when it signs out, then the session ends and is refused at once', async () => {
    const signingOut = givenHistory(
      adminLogOut,
      anAdmin({ adminId: root, username: 'root' }, session),
    ).when(new AdminLogOutCommand(root, sessionId, 'c'));
    await signingOut.then(accountStreams.admin(root), [signedOut]);
    await signingOut.thenAnswers({ before: false, after: true });
  });

  it('given a session already ended, when the admin signs out of it again, then nothing more is recorded', () =>
    givenHistory(adminLogOut, anAdmin({ adminId: root, username: 'root' }, session, signedOut))
      .when(new AdminLogOutCommand(root, sessionId, 'c'))
      .thenNothing());
});
