import { Command } from '@nestjs/cqrs';

export class ChangeProfilePictureCommand extends Command<{ profilePictureUrl: string }> {
  constructor(
    readonly userId: string,
    readonly image: Buffer,
    readonly correlationId: string,
  ) {
    super();
  }
}
