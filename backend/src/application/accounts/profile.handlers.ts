import { Inject } from '@nestjs/common';
import type { ContentVerdict } from '../../domain/photo-rating/photo-rating.events';
import { PHOTO_RATER, type PhotoRater } from '../ports/rater.port';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ConflictError, NotFoundError, RejectedContentError } from '../../domain/shared/errors';
import { RESERVATION_TAKEN } from '../../domain/reservation/reservation.decider';
import { USER_NOT_FOUND, userDecider } from '../../domain/user/user.decider';
import { applyProfileChanges, nameKey } from '../../domain/user/user-profile';
import { EVENT_STORE, type EventStore } from '../ports/event-store.port';
import { IMAGE_PROCESSOR, type ImageProcessor } from '../ports/image-processor.port';
import {
  IMAGE_STORAGE,
  imageKeys,
  type ImageStorage,
  publicImageUrl,
} from '../ports/image-storage.port';
import type { UserDocument } from '../../projections/users/users.projection';
import { CLOCK, type Clock } from '../shared/clock';
import { commandMetadata } from '../shared/command-metadata';
import { loadState, runDecider } from '../shared/decider-runner';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../shared/projection-progress';
import { claimReservation, releaseReservation, reservationHolder } from '../shared/reservations';
import { AccountReads } from './account-reads';
import { AccountKeys, accountStreams } from './account-secrets';
import {
  ChangeEmailPreferencesCommand,
  ChangeProfilePictureCommand,
  UpdateProfileCommand,
} from './account.commands';

@CommandHandler(ChangeEmailPreferencesCommand)
export class ChangeEmailPreferencesHandler implements ICommandHandler<
  ChangeEmailPreferencesCommand,
  UserDocument
> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly reads: AccountReads,
  ) {}

  async execute(command: ChangeEmailPreferencesCommand): Promise<UserDocument> {
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(command.userId),
      { type: 'ChangeEmailPreferences', data: command.changes },
      commandMetadata(
        { type: 'user', id: command.userId },
        this.clock.now(),
        command.correlationId,
      ),
    );
    return this.reads.freshUser(command.userId, decided.position);
  }
}

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

const PICTURE_REJECTIONS: Partial<Record<ContentVerdict, string>> = {
  face_or_person:
    'Profile pictures must not show faces, people or identifiable features. Please choose another picture.',
  nudity_or_explicit:
    'This picture breaks our content rules: no nudity or explicit content. Please choose another picture.',
};

/**
 * The same pipeline as uploads: real type from the bytes, metadata stripped, re-encoded, and
 * the rater's content check (a picture need not show feet, but it is public: no faces, no
 * nudity).
 */
@CommandHandler(ChangeProfilePictureCommand)
export class ChangeProfilePictureHandler implements ICommandHandler<
  ChangeProfilePictureCommand,
  { profilePictureUrl: string }
> {
  constructor(
    @Inject(EVENT_STORE) private readonly eventStore: EventStore,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
    @Inject(PHOTO_RATER) private readonly rater: PhotoRater,
    @Inject(IMAGE_PROCESSOR) private readonly imageProcessor: ImageProcessor,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  async execute(command: ChangeProfilePictureCommand): Promise<{ profilePictureUrl: string }> {
    const processed = await this.imageProcessor.process(command.image);
    const { verdict } = await this.rater.rate({
      image: processed.webp,
      mimeType: 'image/webp',
      features: processed.features,
    });
    const rejection = PICTURE_REJECTIONS[verdict];
    if (rejection) throw new RejectedContentError(rejection);
    const keys = imageKeys(processed.contentHash);
    await this.images.put(keys.image, processed.webp, 'image/webp');
    await this.images.put(keys.thumbnail, processed.thumbnail, 'image/webp');
    // The 480 px variant: plenty for an avatar, a fraction of the bytes.
    const profilePictureUrl = publicImageUrl(keys.thumbnail);
    const decided = await runDecider(
      this.eventStore,
      userDecider,
      accountStreams.user(command.userId),
      { type: 'ChangeProfilePicture', data: { profilePictureUrl } },
      commandMetadata(
        { type: 'user', id: command.userId },
        this.clock.now(),
        command.correlationId,
      ),
    );
    await this.progress.waitFor(decided.position);
    return { profilePictureUrl };
  }
}
