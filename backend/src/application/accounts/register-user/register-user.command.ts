import { Command } from '@nestjs/cqrs';
import type { SignedIn } from '../credentials';

export class RegisterUserCommand extends Command<SignedIn> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly correlationId: string,
    /** The browser the account signs in with ("Firefox on Linux"), when it says. */
    readonly browser: string | null = null,
  ) {
    super();
  }
}
