import { Command } from '@nestjs/cqrs';

export class DeletePostCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
