import { Command } from '@nestjs/cqrs';

/** Opens a checkout for a donation of `amount` cents, by a member or a visitor. */
export class StartDonationCheckoutCommand extends Command<{ url: string }> {
  constructor(
    readonly amount: number,
    readonly userId: string | null,
    readonly clientKey: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
