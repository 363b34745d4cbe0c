import { useCase } from '../../../../test/support/use-case-specification';
import { ADMIN_ROSTER_STREAM } from '../../../domain/admin/admin-roster.decider';
import { ForbiddenError } from '../../../domain/shared/errors';
import { accountStreams } from '../../accounts/account-secrets';
import { adminSignedIn, anAdmin } from '../../moderation/testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../../moderation/testing/admin-use-cases';
import { DisableAdminCommand } from './disable-admin.command';
import { DisableAdminHandler } from './disable-admin.handler';

describe('disabling an admin', () => {
  const [root, other] = [id(900), id(901)];
  const otherSession = adminSignedIn(other, 's-other');
  const disableAdmin = givenHistory(
    useCase(
      (world) => {
        const { credentials, roster } = adminServices(world);
        return new DisableAdminHandler(credentials, roster);
      },
      { now: NOW },
    ),
    anAdmin({ adminId: root, username: 'root', password: 'root password 123' }),
    anAdmin({ adminId: other, username: 'other' }, otherSession),
  );
  const acting = { adminId: root, sessionId: 's', currentPassword: 'root password 123' };

  it('given two admins, when one disables the other, then it is disabled on the roster, then on its own stream, its sessions ended', async () => {
    const disabled = disableAdmin.when(new DisableAdminCommand(acting, other, 'Left', 'c'));
    await disabled.then(ADMIN_ROSTER_STREAM, [
      { type: 'AdminRosterDisabled', data: { adminId: other, actingAdminId: root } },
    ]);
    await disabled.then(accountStreams.admin(other), [
      {
        type: 'AdminDisabled',
        data: { adminId: other, reason: 'Left', tokenHashes: [otherSession.data.tokenHash] },
      },
    ]);
  });

  it('given two admins, when one disables itself, then it is refused', () =>
    disableAdmin.when(new DisableAdminCommand(acting, root, null, 'c')).thenThrows(ForbiddenError));
});
