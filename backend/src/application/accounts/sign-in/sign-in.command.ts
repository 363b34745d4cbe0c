import { Command } from '@nestjs/cqrs';
import type { SignedIn } from '../credentials';

export class LogInCommand extends Command<SignedIn> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly correlationId: string,
    readonly browser: string | null = null,
  ) {
    super();
  }
}
