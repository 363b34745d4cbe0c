import { Command } from '@nestjs/cqrs';

/** Answers nothing either way: the api says the same whether or not the account exists. */
export class ResendVerificationCommand extends Command<void> {
  constructor(
    readonly email: string,
    readonly correlationId: string,
    /** The signed-in account that asks, if any: asking for its own address, the link is its own. */
    readonly askedBy: { userId: string; email: string } | null = null,
  ) {
    super();
  }
}
