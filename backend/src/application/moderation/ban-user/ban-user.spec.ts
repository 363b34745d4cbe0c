import { useCase } from '../../../../test/support/use-case-specification';
import { ConflictError } from '../../../domain/shared/errors';
import { accountStreams } from '../../accounts/account-secrets';
import { likeStreamId } from '../../../domain/like/like.decider';
import { voteStreamId } from '../../../domain/post-rating/post-rating.decider';
import { BannedAuthors } from '../../community/banned-authors';
import { BannedVotes } from '../banned-votes';
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
  const banUser = useCase(
    (world) => {
      const { writes, streams } = adminServices(world);
      return new BanUserHandler(
        writes,
        new BannedVotes(streams, world.readStore),
        new BannedAuthors(streams, world.readStore),
      );
    },
    { now: NOW },
  );
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

  it('given an account’s likes and ratings, when banned, then each is set aside on its own stream, saying whether it counted', async () => {
    const postId = id(30);
    const like = { target: 'post' as const, targetId: postId, postId, userId: user };
    const vote = { postId, userId: user, authorId: id(3) };
    const held = { postId: id(31), userId: user, authorId: id(3) };
    const outcome = await givenHistory(banUser, [
      account(user),
      post(postId, id(3)),
      post(id(31), id(3)),
      [likeStreamId('post', postId, user), { type: 'Liked', data: like }],
      [voteStreamId(postId, user), { type: 'Rated', data: { ...vote, score: 9 } }],
      [
        voteStreamId(id(31), user),
        {
          type: 'Rated',
          data: { ...held, score: 10, heldOut: ['young-account'], countsFrom: NOW },
        },
      ],
    ])
      .when(new BanUserCommand(ADMIN, user, 'Vote ring'))
      .outcome();
    expect(appendedTo(outcome, likeStreamId('post', postId, user))).toEqual([
      { type: 'LikeSetAside', data: like },
    ]);
    expect(appendedTo(outcome, voteStreamId(postId, user))).toEqual([
      { type: 'VoteSetAside', data: { ...vote, score: 9, counted: true } },
    ]);
    expect(appendedTo(outcome, voteStreamId(id(31), user))).toEqual([
      { type: 'VoteSetAside', data: { ...held, score: 10, counted: false } },
    ]);
  });
});
