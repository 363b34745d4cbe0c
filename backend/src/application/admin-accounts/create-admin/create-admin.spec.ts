import { useCase } from '../../../../test/support/use-case-specification';
import { ADMIN_ROSTER_STREAM } from '../../../domain/admin/admin-roster.decider';
import { ConflictError } from '../../../domain/shared/errors';
import { accountStreams } from '../../accounts/account-secrets';
import { anAdmin } from '../../moderation/testing/admin-events';
import {
  adminServices,
  appendedTo,
  givenHistory,
  hashed,
  id,
  NOW,
} from '../../moderation/testing/admin-use-cases';
import { WrongAdminPasswordError } from '../admin-credentials';
import { CreateAdminCommand } from './create-admin.command';
import { CreateAdminHandler } from './create-admin.handler';

describe('creating an admin', () => {
  const root = id(900);
  const createAdmin = givenHistory(
    useCase(
      (world) => {
        const { credentials, roster } = adminServices(world);
        return new CreateAdminHandler(credentials, roster);
      },
      { now: NOW },
    ),
    anAdmin({ adminId: root, username: 'root', password: 'root password 123' }),
  );
  const acting = (currentPassword: string) => ({ adminId: root, sessionId: 's', currentPassword });

  it('given an admin, when it creates another, then the new admin is on its own stream and enrolled on the roster, active', async () => {
    const outcome = await createAdmin
      .when(
        new CreateAdminCommand(acting('root password 123'), 'second', 'a long new password', 'c'),
      )
      .outcome();
    const adminId = outcome.answer ?? '';
    expect(appendedTo(outcome, accountStreams.admin(adminId))).toEqual([
      {
        type: 'AdminCreated',
        data: { adminId, username: 'second', passwordHash: hashed('a long new password') },
      },
    ]);
    expect(appendedTo(outcome, ADMIN_ROSTER_STREAM)).toEqual([
      { type: 'AdminJoinedRoster', data: { adminId, active: true } },
    ]);
  });

  it('given an admin, when it creates another without its own password, then it is refused', () =>
    createAdmin
      .when(new CreateAdminCommand(acting('wrong'), 'second', 'a long new password', 'c'))
      .thenThrows(WrongAdminPasswordError));

  it('given an admin, when it creates another with a username taken, then it is refused', () =>
    createAdmin
      .when(new CreateAdminCommand(acting('root password 123'), 'root', 'a long new password', 'c'))
      .thenThrows(ConflictError));
});
