import { useCase } from '../../../test/support/use-case-specification';
import { by } from '../shared/command-metadata';
import { ClusterLikes } from './cluster-likes';
import { communityServices, postLiked } from './testing/community-use-cases';

const MEMBER = 'u-2';
const OTHER = 'u-3';
const asMember = (userId: string) => ({
  metadata: { actor: { type: 'user' as const, id: userId } },
});
const flagged = {
  type: 'ClusterFlagged',
  data: {
    networkId: 'n-1',
    clusterId: 'n-1-1',
    accounts: [{ userId: MEMBER, registeredAt: '2026-11-16T09:00:00.000Z' }],
  },
};
const likeOf = (postId: string, userId: string) => ({
  ...postLiked(postId, userId),
  ...asMember(userId),
});

describe('a burst of sign-ups’ likes', () => {
  const sweep = useCase((world) => {
    const { writes } = communityServices(world);
    const likes = new ClusterLikes(writes, world.readStore);
    return { execute: () => likes.holdHeldClusters(by.system('held-ratings-sweep', 'c-1')) };
  });

  it('given a like that counts from an account of a held burst (its hold was missed), when the sweep runs, then it is held; other accounts’ likes are left alone', async () => {
    const swept = sweep
      .given('network-n-1', flagged)
      .given(`like-post-p-1-${MEMBER}`, likeOf('p-1', MEMBER))
      .given(`like-post-p-1-${OTHER}`, likeOf('p-1', OTHER))
      .when(undefined);
    await swept.then(`like-post-p-1-${MEMBER}`, [
      {
        type: 'LikeHeld',
        data: {
          target: 'post',
          targetId: 'p-1',
          postId: 'p-1',
          userId: MEMBER,
          heldOut: ['cluster'],
        },
      },
    ]);
    expect((await swept.outcome()).appended.map((event) => event.streamId)).toEqual([
      `like-post-p-1-${MEMBER}`,
    ]);
  });

  it('given the burst’s like held already, or a cleared burst, when the sweep runs, then nothing is recorded', async () => {
    const held = {
      type: 'Liked',
      data: {
        target: 'post',
        targetId: 'p-1',
        postId: 'p-1',
        userId: MEMBER,
        heldOut: ['cluster'],
      },
      ...asMember(MEMBER),
    };
    await sweep
      .given('network-n-1', flagged)
      .given(`like-post-p-1-${MEMBER}`, held)
      .when(undefined)
      .thenNothing();
    await sweep
      .given('network-n-1', flagged, {
        type: 'ClusterCleared',
        data: { networkId: 'n-1', clusterId: 'n-1-1', userIds: [MEMBER], reason: 'Flatmates' },
      })
      .given(`like-post-p-1-${MEMBER}`, likeOf('p-1', MEMBER))
      .when(undefined)
      .thenNothing();
  });
});
