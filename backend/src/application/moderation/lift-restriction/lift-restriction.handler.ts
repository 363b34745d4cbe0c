import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { by } from '../../shared/command-metadata';
import { ModerationWrites } from '../moderation-writes';
import { LiftRestrictionCommand } from './lift-restriction.command';

@CommandHandler(LiftRestrictionCommand)
export class LiftRestrictionHandler implements ICommandHandler<LiftRestrictionCommand, void> {
  constructor(private readonly writes: ModerationWrites) {}

  execute({ act, userId, reason }: LiftRestrictionCommand): Promise<void> {
    return this.writes.decideOnUser(
      userId,
      { type: 'LiftRestriction', data: { reason } },
      by.admin(act),
    );
  }
}
