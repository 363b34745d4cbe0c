import { Command } from '@nestjs/cqrs';
import type { BoostType } from '../../../domain/boost/boost.decider';

/** Opens a checkout for a boost: for the account, or for one of its posts. */
export class StartBoostCheckoutCommand extends Command<{ url: string }> {
  constructor(
    readonly userId: string,
    readonly boostType: BoostType,
    /** A post checkout: the boost applies itself to this post on payment. */
    readonly postId: string | null,
    /** The client's network, for the per-address limit. */
    readonly clientKey: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
