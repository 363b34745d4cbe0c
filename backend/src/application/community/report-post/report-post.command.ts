import { Command } from '@nestjs/cqrs';

export class ReportPostCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly reason: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
