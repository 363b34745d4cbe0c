import { useCase } from '../../../../test/support/use-case-specification';
import { boostStreamId } from '../../../domain/boost/boost.decider';
import { postBoostStreamId } from '../../../domain/boost/post-boost.decider';
import { postStreamId } from '../../../domain/post/post.decider';
import { ValidationError } from '../../../domain/shared/errors';
import { GonePost } from '../../community/gone-post';
import { boost, boostApplied, post } from '../testing/admin-events';
import {
  ADMIN,
  adminServices,
  appendedTo,
  givenHistory,
  id,
  NOW,
} from '../testing/admin-use-cases';
import { RemovePostCommand } from './remove-post.command';
import { RemovePostHandler } from './remove-post.handler';

describe('removing a post', () => {
  const removePost = useCase(
    (world) => {
      const { writes, streams } = adminServices(world);
      return new RemovePostHandler(writes, new GonePost(streams, world.readStore));
    },
    { now: NOW },
  );
  const postId = id(1);

  it('given a published post, when an admin removes it, then it is removed for good, with the reason', async () => {
    const outcome = await givenHistory(removePost, [post(postId, id(2))])
      .when(new RemovePostCommand(ADMIN, postId, 'Not a foot'))
      .outcome();
    const [last] = appendedTo(outcome, postStreamId(postId)).slice(-1);
    expect(last).toMatchObject({
      type: 'PostRemoved',
      data: { postId, reason: 'Not a foot' },
    });
  });

  it('given a published post, when removed without a reason, then it is refused', () =>
    givenHistory(removePost, [post(postId, id(2))])
      .when(new RemovePostCommand(ADMIN, postId, ' '))
      .thenThrows(ValidationError));

  it('given a boost running on the post, when an admin removes it, then the boost ends then and no boost takes the post again', async () => {
    const boostId = id(3);
    const expiresAt = '2026-11-24T10:00:00.000Z';
    const outcome = await givenHistory(removePost, [
      post(postId, id(2)),
      boost(boostId, id(2), null, boostApplied(boostId, id(2), postId, expiresAt)),
      [
        postBoostStreamId(postId),
        { type: 'PostBoostClaimed', data: { postId, boostId, expiresAt } },
      ],
    ])
      .when(new RemovePostCommand(ADMIN, postId, 'Not a foot'))
      .outcome();
    expect(appendedTo(outcome, boostStreamId(boostId))).toEqual([
      {
        type: 'BoostExpired',
        data: { boostId, userId: id(2), postId, expiresAt: NOW, cause: 'post_removed' },
      },
    ]);
    expect(appendedTo(outcome, postBoostStreamId(postId))).toEqual([
      {
        type: 'PostBoostClosed',
        data: { postId, cause: 'post_removed', boostId, expiresAt },
      },
    ]);
  });
});
