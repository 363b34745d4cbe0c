import { Command } from '@nestjs/cqrs';
import type { ClientOrigin } from '../../accounts/client-marks';

export class PublishDirectCommand extends Command<{ id: string }> {
  constructor(
    readonly userId: string,
    readonly image: Buffer,
    readonly correlationId: string,
    /** Where the author posts from: the vote rules hold out votes cast from there. */
    readonly origin: ClientOrigin | null = null,
  ) {
    super();
  }
}
