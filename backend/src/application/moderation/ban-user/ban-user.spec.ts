import { useCase } from '../../../../test/support/use-case-specification';
import { ConflictError } from '../../../domain/shared/errors';
import { accountStreams } from '../../accounts/account-secrets';
import { account, comment, post } from '../testing/admin-events';
import {
  ADMIN,
  adminServices,
  appendedTo,
  givenHistory,
  id,
  NOW,
} from '../testing/admin-use-cases';
import { BanUserCommand } from './ban-user.command';
import { BanUserHandler } from './ban-user.handler';

describe('banning an account', () => {
  const banUser = useCase((world) => new BanUserHandler(adminServices(world).writes), { now: NOW });
  const user = id(2);

  it('given an account with live and removed posts and comments, when banned, then its live posts and comments are hidden with the ban, counted per post', async () => {
    const outcome = await givenHistory(banUser, [
      account(user),
      post(id(10), user),
      post(id(11), user, {
        type: 'PostRemoved',
        data: { postId: id(11), authorId: user, reason: 'Off' },
      }),
      post(id(30), id(3)),
      comment(id(20), id(30), user),
      comment(id(21), id(30), user),
    ])
      .when(new BanUserCommand(ADMIN, user, 'Abuse'))
      .outcome();
    const banned = appendedTo(outcome, accountStreams.user(user)).find(
      (event) => event.type === 'UserBanned',
    );
    expect(banned?.data).toMatchObject({
      reason: 'Abuse',
      postIds: [id(10)],
      commentIds: [id(20), id(21)],
      commentsByPost: { [id(30)]: 2 },
    });
  });

  it('given a banned account, when banned again, then it is refused', () =>
    givenHistory(banUser, [
      account(user, {
        type: 'UserBanned',
        data: { userId: user, reason: 'Abuse', postIds: [], commentIds: [] },
      }),
    ])
      .when(new BanUserCommand(ADMIN, user, 'Again'))
      .thenThrows(ConflictError));
});
