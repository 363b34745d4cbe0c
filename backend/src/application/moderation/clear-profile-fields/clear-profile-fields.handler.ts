import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { reservationDecider } from '../../../domain/reservation/reservation.decider';
import { userDecider } from '../../../domain/user/user.decider';
import { AccountKeys, accountStreams } from '../../accounts/account-secrets';
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { ModerationWrites } from '../moderation-writes';
import { ClearProfileFieldsCommand } from './clear-profile-fields.command';

export const PROFILE_CHANGED_WHILE_CLEARING =
  'The profile changed while you were clearing it. Please reload and try again.';

/**
 * An admin clears what an account shows on its public profile, each field on its own (the
 * display name, the bio, one social link, the picture), with a reason; `UserProfileCleared` has
 * the admin as its actor, so it is in the audit log. A cleared display name is released, decided
 * on the revision its name was read at, so it is never left reserved by nobody's name.
 */
@CommandHandler(ClearProfileFieldsCommand)
export class ClearProfileFieldsHandler implements ICommandHandler<ClearProfileFieldsCommand, void> {
  constructor(
    private readonly writes: ModerationWrites,
    private readonly streams: StreamWrites,
    private readonly keys: AccountKeys,
  ) {}

  async execute({ act, userId, fields, reason }: ClearProfileFieldsCommand): Promise<void> {
    await this.writes.existingUser(userId);
    const { state, revision } = await this.streams.load(userDecider, accountStreams.user(userId));
    const admin = by.admin(act);
    await this.writes.decideOnUser(
      userId,
      { type: 'ClearProfileFields', data: { fields, reason } },
      admin,
      { basedOn: { revision, conflictMessage: PROFILE_CHANGED_WHILE_CLEARING } },
    );
    const name = state.status === 'registered' ? state.profile.displayUsername : null;
    if (name !== null && fields.includes('displayUsername')) {
      await this.streams.decide(
        this.keys.displayNameStream(name),
        reservationDecider,
        { type: 'ReleaseReservation', data: { ownerId: userId } },
        admin,
      );
    }
  }
}
