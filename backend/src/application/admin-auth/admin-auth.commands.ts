import { Command } from '@nestjs/cqrs';

export interface AdminSignedInResult {
  admin: { id: string; username: string };
  sessionToken: string;
}

export class AdminLogInCommand extends Command<AdminSignedInResult> {
  constructor(
    readonly username: string,
    readonly password: string,
    readonly correlationId: string,
  ) {
    super();
  }
}

export class AdminLogOutCommand extends Command<void> {
  constructor(
    readonly adminId: string,
    readonly sessionId: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
