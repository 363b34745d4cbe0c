import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { strikesDecider } from '../../../domain/user/strikes.decider';
import { accountStreams } from '../../accounts/account-secrets';
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { ModerationWrites } from '../moderation-writes';
import { LiftPostingSuspensionCommand } from './lift-posting-suspension.command';

/** Decided on the account's stream, where its strikes and suspensions are. */
@CommandHandler(LiftPostingSuspensionCommand)
export class LiftPostingSuspensionHandler implements ICommandHandler<
  LiftPostingSuspensionCommand,
  void
> {
  constructor(
    private readonly writes: ModerationWrites,
    private readonly streams: StreamWrites,
  ) {}

  async execute({ act, userId, reason }: LiftPostingSuspensionCommand): Promise<void> {
    await this.writes.existingUser(userId);
    await this.streams.decide(
      accountStreams.user(userId),
      strikesDecider,
      { type: 'LiftPostingSuspension', data: { reason } },
      by.admin(act),
      { settle: true },
    );
  }
}
