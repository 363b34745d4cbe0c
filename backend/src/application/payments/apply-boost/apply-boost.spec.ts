import { postBoostStreamId } from '../../../domain/boost/post-boost.decider';
import type { Decider } from '../../../domain/shared/decider';
import type { DomainEvent } from '../../../domain/shared/event';
import { ForbiddenError, NotFoundError } from '../../../domain/shared/errors';
import { postPublished } from '../../../../test/support/community-use-cases';
import { useCase } from '../../../../test/support/use-case-specification';
import { GonePost } from '../../community/gone-post';
import { communityServices } from '../../community/testing/community-use-cases';
import type { By } from '../../shared/command-metadata';
import type { WithoutMetadata } from '../../shared/decider-runner';
import { StreamWrites, type WriteOptions } from '../../shared/stream-writes';
import { NOW } from '../testing/payments-fixture';
import { ApplyBoostCommand } from './apply-boost.command';
import { ApplyBoostHandler } from './apply-boost.handler';

const buyer = '00000000-0000-4000-8000-000000000001';
const postId = '00000000-0000-7000-8000-000000000001';
const purchased = {
  type: 'BoostPurchased',
  data: {
    boostId: 'b-1',
    boostType: 'regular',
    userId: buyer,
    postId: null,
    amount: 199,
    currency: 'usd',
    stripeSessionId: 'cs_1',
    stripePaymentId: 'pi_1',
    receiptUrl: null,
    receiptEmail: null,
  },
};

/** A member's post, and a boost they bought without a post. */
const applying = useCase(
  (world) => {
    const { writes, reads } = communityServices(world);
    return new ApplyBoostHandler(writes, reads, new GonePost(writes, world.readStore));
  },
  { now: NOW },
)
  .given(`post-${postId}`, postPublished(postId, buyer))
  .given('boost-b-1', purchased);

describe('apply a boost', () => {
  it('given a boost bought without a post, when its buyer applies it to their post, then the post is taken for it and it runs for 24 hours', async () => {
    const apply = applying.when(new ApplyBoostCommand(buyer, postId, 'corr-1'));
    const byBuyer = { actor: { type: 'user' as const, id: buyer }, correlationId: 'corr-1' };
    await apply.thenAnswers({ boostType: 'regular' });
    await apply.then(`post-boost-${postId}`, [
      {
        type: 'PostBoostClaimed',
        data: { postId, boostId: 'b-1', expiresAt: '2026-03-03T10:00:00.000Z' },
        metadata: byBuyer,
      },
    ]);
    await apply.then('boost-b-1', [
      { type: 'BoostApplied', data: expect.objectContaining({ postId }), metadata: byBuyer },
    ]);
  });

  it('given someone else’s post, when a member applies their boost to it, then it is refused and nothing is recorded', async () => {
    const apply = applying.when(
      new ApplyBoostCommand('00000000-0000-4000-8000-000000000002', postId, 'corr-1'),
    );
    await apply.thenThrows(ForbiddenError);
    expect((await apply.outcome()).appended).toEqual([]);
  });

  it('given the post removed as the boost is applied, then the boost ends with it and the answer is 404', async () => {
    /** Writes where a moderator removes the post between the post's claim and the boost's. */
    class RemovedMeanwhile extends StreamWrites {
      gone?: GonePost;

      override async decide<C, S, E extends DomainEvent>(
        stream: string,
        decider: Decider<C, S, E>,
        command: WithoutMetadata<C>,
        by: By,
        options?: WriteOptions,
      ) {
        if ((command as { type: string }).type === 'ApplyBoost') {
          const removal = { actor: { type: 'admin' as const, id: 'a-1' }, correlationId: 'r' };
          await this.gone?.settle(postId, { cause: 'post_removed', reason: 'Off' }, removal);
        }
        return super.decide(stream, decider, command, by, options);
      }
    }
    const apply = useCase(
      (world) => {
        const writes = new RemovedMeanwhile(world.eventStore, world.clock, world.progress);
        writes.gone = new GonePost(writes, world.readStore);
        return new ApplyBoostHandler(writes, communityServices(world).reads, writes.gone);
      },
      { now: NOW },
    )
      .given(`post-${postId}`, postPublished(postId, buyer))
      .given('boost-b-1', purchased)
      .when(new ApplyBoostCommand(buyer, postId, 'corr-1'));
    await apply.thenThrows(NotFoundError, 'Post not found');
    const outcome = await apply.outcome();
    expect(outcome.appended.filter((e) => e.streamId === 'boost-b-1').map((e) => e.type)).toEqual([
      'BoostApplied',
      'BoostExpired',
    ]);
    expect(outcome.appended.find((e) => e.type === 'BoostExpired')?.data).toMatchObject({
      boostId: 'b-1',
      postId,
      cause: 'post_removed',
    });
  });

  it('given the post already gone from the boost streams, when a boost is applied, then it is refused and the boost stays unused', async () => {
    const apply = applying
      .given(postBoostStreamId(postId), {
        type: 'PostBoostClosed',
        data: { postId, cause: 'post_deleted', boostId: null, expiresAt: null },
      })
      .when(new ApplyBoostCommand(buyer, postId, 'corr-1'));
    await apply.thenThrows(NotFoundError, 'Post not found');
    expect((await apply.outcome()).appended).toEqual([]);
  });
});
