import { useCase } from '../../../test/support/use-case-specification';
import { likeStreamId } from '../../domain/like/like.decider';
import type { UserBanned } from '../../domain/user/user.events';
import { accountStreams } from '../accounts/account-secrets';
import { account, comment, post } from '../moderation/testing/admin-events';
import { appendedTo, givenHistory, id } from '../moderation/testing/admin-use-cases';
import { by } from '../shared/command-metadata';
import { BannedAuthors } from './banned-authors';
import { communityServices, postLiked } from './testing/community-use-cases';

/** What an account wrote as its ban was decided goes with the ban, whichever side looks last. */
describe('a ban and what its account writes as it lands', () => {
  const member = id(2);
  const other = id(3);
  const banned: UserBanned = {
    type: 'UserBanned',
    data: {
      userId: member,
      reason: 'Spam',
      postIds: [id(10)],
      commentIds: [id(20)],
      commentsByPost: { [id(30)]: 1 },
    },
  };
  const authors = (world: Parameters<typeof communityServices>[0]) =>
    new BannedAuthors(communityServices(world).writes, world.readStore);
  const afterBan = useCase((world) => ({
    execute: (userId: string) => authors(world).afterBan(userId, by.system('ban', 'c-1')),
  }));
  const afterWriting = useCase((world) => ({
    execute: (written: { postId: string; commentId?: string }) =>
      authors(world).afterWriting(
        member,
        written.commentId ? { commentId: written.commentId, postId: written.postId } : written,
        'c-1',
        true,
      ),
  }));
  const beforeTheBan = [post(id(30), other), post(id(10), member), comment(id(20), id(30), member)];

  it('given a post and a comment the ban does not name, when the ban looks again, then they join it, the comment counted on its post', async () => {
    const outcome = await givenHistory(afterBan, [
      ...beforeTheBan,
      account(member, banned),
      post(id(11), member),
      comment(id(21), id(30), member),
    ])
      .when(member)
      .outcome();
    expect(appendedTo(outcome, accountStreams.user(member))).toEqual([
      {
        type: 'UserBanExtended',
        data: {
          userId: member,
          postIds: [id(11)],
          commentIds: [id(21)],
          commentsByPost: { [id(30)]: 1 },
        },
      },
    ]);
  });

  it('given all named by the ban, when the ban looks again, then nothing is recorded', async () => {
    const outcome = await givenHistory(afterBan, [...beforeTheBan, account(member, banned)])
      .when(member)
      .outcome();
    expect(appendedTo(outcome, accountStreams.user(member))).toEqual([]);
  });

  it('given a banned author, when a post of theirs lands, then it joins the ban', async () => {
    const outcome = await givenHistory(afterWriting, [
      ...beforeTheBan,
      account(member, banned),
      post(id(12), member),
    ])
      .when({ postId: id(12) })
      .outcome();
    expect(appendedTo(outcome, accountStreams.user(member))).toEqual([
      { type: 'UserBanExtended', data: { userId: member, postIds: [id(12)], commentIds: [] } },
    ]);
  });

  it('given an author not banned, when a comment of theirs lands, then nothing is recorded', async () => {
    const outcome = await givenHistory(afterWriting, [
      post(id(30), other),
      account(member),
      comment(id(22), id(30), member),
    ])
      .when({ postId: id(30), commentId: id(22) })
      .outcome();
    expect(appendedTo(outcome, accountStreams.user(member))).toEqual([]);
  });

  it('given a banned voter, when a like of theirs lands, then it is set aside on its stream', async () => {
    const stream = likeStreamId('post', id(30), member);
    const afterVoting = useCase((world) => ({
      execute: () => authors(world).afterVoting(member, stream, 'c-1', true),
    }));
    const outcome = await givenHistory(afterVoting, [
      post(id(30), other),
      account(member, banned),
      [stream, postLiked(id(30), member)],
    ])
      .when(undefined)
      .outcome();
    expect(appendedTo(outcome, stream)).toEqual([
      { type: 'LikeSetAside', data: postLiked(id(30), member).data },
    ]);
  });
});
