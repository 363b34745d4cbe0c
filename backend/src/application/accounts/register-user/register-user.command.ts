import { Command } from '@nestjs/cqrs';
import type { ClientOrigin } from '../client-marks';
import type { SignedIn } from '../credentials';

export class RegisterUserCommand extends Command<SignedIn> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly correlationId: string,
    /** The browser the account signs in with ("Firefox on Linux"), when it says. */
    readonly browser: string | null = null,
    /** The network and browser cookie it comes from (the vote rules keep keyed marks). */
    readonly origin: ClientOrigin | null = null,
  ) {
    super();
  }
}
