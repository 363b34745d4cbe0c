import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConflictError, NotFoundError } from '../../../domain/shared/errors';
import { RESERVATION_TAKEN } from '../../../domain/reservation/reservation.decider';
import { USER_NOT_FOUND } from '../../../domain/user/user.decider';
import { anonymousUsernamesLike, sameNameLook } from '../../../domain/user/name-skeleton';
import { screenProfile } from '../../../domain/user/profile-screening';
import { applyProfileChanges } from '../../../domain/user/user-profile';
import type { UserDocument } from '../../../projections/users/users.projection';
import { by } from '../../shared/command-metadata';
import { UserStream } from '../user-stream';
import { UpdateProfileCommand } from './update-profile.command';

/**
 * A display name is unique by its look (`name-skeleton.ts`: case, NFKC, look-alike letters and
 * digits) and may not look like someone else's anonymous username, so nobody can pass for
 * another person. The new name is claimed before the profile changes and the old one released
 * after, so a name is never free while still shown. The profile passes the comments' filter
 * (`profile-screening.ts`) before any name is claimed.
 */
export const PROFILE_CHANGED_MEANWHILE =
  'Your profile was changed somewhere else at the same time. Please reload and try again.';

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, UserDocument> {
  constructor(private readonly account: UserStream) {}

  async execute(command: UpdateProfileCommand): Promise<UserDocument> {
    const { userId } = command;
    // The names to claim and release follow from this state, so the change is appended on
    // exactly this revision: a parallel change cannot leave a name reserved that nobody shows.
    const { state, revision } = await this.account.load(userId);
    if (state.status !== 'registered') throw new NotFoundError(USER_NOT_FOUND);
    const now = this.account.now();
    const member = by.member(userId, command.correlationId, now);
    // Validated and screened first, so a bad profile claims no name.
    const next = applyProfileChanges(state.profile, command.changes);
    const screening = { accountCreatedAt: await this.account.registeredAt(userId) };
    screenProfile(next, state.profile, screening, now);
    const before = state.profile.displayUsername;
    const after = next.displayUsername;
    const release = (name: string) =>
      this.account.release(this.account.keys.displayNameStream(name), userId, member);

    const claimsNewName = after !== null && (before === null || !sameNameLook(before, after));
    if (claimsNewName) {
      for (const anonymousName of [after, ...anonymousUsernamesLike(after)]) {
        const anonymousOwner = await this.account.holder(
          this.account.keys.usernameStream(anonymousName),
        );
        if (anonymousOwner !== null && anonymousOwner !== userId) {
          throw new ConflictError(RESERVATION_TAKEN['display-name']);
        }
      }
      const stream = this.account.keys.displayNameStream(after);
      await this.account.claim(stream, 'display-name', userId, member);
    }

    let decided;
    try {
      decided = await this.account.decideOnUser(
        userId,
        { type: 'UpdateProfile', data: { ...command.changes, screening } },
        member,
        { basedOn: { revision, conflictMessage: PROFILE_CHANGED_MEANWHILE } },
      );
    } catch (error) {
      if (claimsNewName) await release(after);
      throw error;
    }

    if (before !== null && (after === null || !sameNameLook(before, after))) {
      await release(before);
    }
    return this.account.fresh(userId, decided.position);
  }
}
