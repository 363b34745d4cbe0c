import { Command } from '@nestjs/cqrs';

/** Answers nothing either way: the api says the same whether or not the account exists. */
export class RequestPasswordResetCommand extends Command<void> {
  constructor(
    readonly email: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
