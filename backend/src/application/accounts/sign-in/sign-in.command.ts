import { Command } from '@nestjs/cqrs';
import type { ClientOrigin } from '../client-marks';
import type { SignedIn } from '../credentials';

export class LogInCommand extends Command<SignedIn> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly correlationId: string,
    readonly browser: string | null = null,
    /** The network and browser cookie it comes from (the vote rules keep keyed marks). */
    readonly origin: ClientOrigin | null = null,
    /** The sha256 of a new remembered-browser secret the sign-in leaves in this browser, if any. */
    readonly rememberedBrowserHash: string | null = null,
  ) {
    super();
  }
}
