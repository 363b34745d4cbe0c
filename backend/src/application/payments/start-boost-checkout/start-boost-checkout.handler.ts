import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { BOOST_PRICES } from '../../../domain/boost/boost.decider';
import { PostReads } from '../../community/post-reads';
import { by } from '../../shared/command-metadata';
import { assertBoostable, Checkouts } from '../checkouts';
import { StartBoostCheckoutCommand } from './start-boost-checkout.command';
import { newRecordId } from '../../shared/record-ids';

@CommandHandler(StartBoostCheckoutCommand)
export class StartBoostCheckoutHandler implements ICommandHandler<
  StartBoostCheckoutCommand,
  { url: string }
> {
  constructor(
    private readonly checkouts: Checkouts,
    private readonly reads: PostReads,
  ) {}

  async execute(command: StartBoostCheckoutCommand): Promise<{ url: string }> {
    const { userId, boostType, postId, correlationId } = command;
    const now = this.checkouts.now();
    await this.checkouts.assertBoostPurchaseAllowed(userId);
    if (postId !== null) {
      assertBoostable(await this.reads.visiblePost(postId, userId), userId, now);
    }
    await this.checkouts.withinHourlyLimits(`user:${userId}`, `ip:${command.clientKey}`);
    const price = BOOST_PRICES[boostType];
    const boostId = newRecordId();
    return this.checkouts.open(
      {
        itemName: price.name,
        amount: price.amount,
        successPath:
          postId === null
            ? '/boost?session_id={CHECKOUT_SESSION_ID}&type=boost'
            : `/post/${postId}?boost=success&session_id={CHECKOUT_SESSION_ID}`,
        cancelPath:
          postId === null ? '/boost?cancelled=true&type=boost' : `/post/${postId}?boost=cancelled`,
        metadata: { kind: 'boost', boostType, boostId, userId, ...(postId ? { postId } : {}) },
        offer: { kind: 'boost', userId, boostType, boostId, postId },
      },
      by.member(userId, correlationId, now),
    );
  }
}
