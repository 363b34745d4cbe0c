import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConflictError, NotFoundError } from '../../../domain/shared/errors';
import { RESERVATION_TAKEN } from '../../../domain/reservation/reservation.decider';
import { USER_NOT_FOUND, userDecider } from '../../../domain/user/user.decider';
import { applyProfileChanges, nameKey } from '../../../domain/user/user-profile';
import type { UserDocument } from '../../../projections/users/users.projection';
import { EVENT_STORE, type EventStore } from '../../ports/event-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { commandMetadata } from '../../shared/command-metadata';
import { loadState, runDecider } from '../../shared/decider-runner';
import { claimReservation, releaseReservation, reservationHolder } from '../../shared/reservations';
import { AccountReads } from '../account-reads';
import { AccountKeys, accountStreams } from '../account-secrets';
import { UpdateProfileCommand } from './update-profile.command';

/**
 * A display name is unique case-insensitively and may not be someone else's anonymous
 * username, so nobody can pass for another person. The new name is claimed before the profile
 * changes and the old one released after, so a name is never free while still shown.
 */
export const PROFILE_CHANGED_MEANWHILE =
  'Your profile was changed somewhere else at the same time. Please reload and try again.';

@CommandHandler(UpdateProfileCommand)
export class UpdateProfileHandler implements ICommandHandler<UpdateProfileCommand, UserDocument> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: AccountReads,
    private readonly accountKeys: AccountKeys,
  ) {}

  async execute(command: UpdateProfileCommand): Promise<UserDocument> {
    const { userId } = command;
    // The names to claim and release follow from this state, so the change is appended on
    // exactly this revision: a parallel change cannot leave a name reserved that nobody shows.
    const { state, revision } = await loadState(
      this.eventStore,
      userDecider,
      accountStreams.user(userId),
    );
    if (state.status !== 'registered') throw new NotFoundError(USER_NOT_FOUND);
    // Validated first, so a bad profile claims no name.
    const next = applyProfileChanges(state.profile, command.changes);
    const before = state.profile.displayUsername;
    const after = next.displayUsername;
    const metadata = commandMetadata(
      { type: 'user', id: userId },
      this.clock.now(),
      command.correlationId,
    );

    const claimsNewName = after !== null && (before === null || nameKey(before) !== nameKey(after));
    if (claimsNewName) {
      const anonymousOwner = await reservationHolder(
        this.eventStore,
        this.accountKeys.usernameStream(after),
      );
      if (anonymousOwner && anonymousOwner.ownerId !== userId) {
        throw new ConflictError(RESERVATION_TAKEN['display-name']);
      }
      await claimReservation(
        this.eventStore,
        this.accountKeys.displayNameStream(after),
        'display-name',
        userId,
        metadata,
      );
    }

    let decided;
    try {
      decided = await runDecider(
        this.eventStore,
        userDecider,
        accountStreams.user(userId),
        { type: 'UpdateProfile', data: command.changes },
        metadata,
        { basedOn: { revision, conflictMessage: PROFILE_CHANGED_MEANWHILE } },
      );
    } catch (error) {
      if (claimsNewName) {
        await releaseReservation(
          this.eventStore,
          this.accountKeys.displayNameStream(after),
          userId,
          metadata,
        );
      }
      throw error;
    }

    if (before !== null && (after === null || nameKey(before) !== nameKey(after))) {
      await releaseReservation(
        this.eventStore,
        this.accountKeys.displayNameStream(before),
        userId,
        metadata,
      );
    }
    return this.reads.freshUser(userId, decided.position);
  }
}
