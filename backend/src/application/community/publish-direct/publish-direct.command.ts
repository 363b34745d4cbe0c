import { Command } from '@nestjs/cqrs';

export class PublishDirectCommand extends Command<{ id: string }> {
  constructor(
    readonly userId: string,
    readonly image: Buffer,
    readonly correlationId: string,
  ) {
    super();
  }
}
