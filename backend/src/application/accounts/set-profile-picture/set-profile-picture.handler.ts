import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { ContentVerdict, GateFinding } from '../../../domain/photo-rating/photo-rating.events';
import { RejectedContentError } from '../../../domain/shared/errors';
import { userDecider } from '../../../domain/user/user.decider';
import { IMAGE_PROCESSOR, type ImageProcessor } from '../../ports/image-processor.port';
import {
  contentHashOfImageUrl,
  IMAGE_STORAGE,
  imageKeys,
  type ImageStorage,
  publicImageUrl,
} from '../../ports/image-storage.port';
import { PHOTO_RATER, type PhotoRater } from '../../ports/rater.port';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { USERS, type UserDocument } from '../../../projections/users/users.projection';
import { deletePhotoFilesUnlessShown } from '../../rate-photo/photo-files';
import { type RefusalMessage, UploadChecks } from '../../rate-photo/upload-checks';
import { by } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';
import { accountStreams } from '../account-secrets';
import { ChangeProfilePictureCommand } from './set-profile-picture.command';
import { newRecordId } from '../../shared/record-ids';

const PICTURE_REJECTIONS: Partial<Record<ContentVerdict, string>> = {
  face_or_person:
    'Profile pictures must not show faces, people or identifiable features. Please choose another picture.',
  nudity_or_explicit:
    'This picture breaks our content rules: no nudity or explicit content. Please choose another picture.',
};

const GATE_PICTURE_REJECTIONS: Record<GateFinding, string> = {
  face: PICTURE_REJECTIONS.face_or_person!,
  person: PICTURE_REJECTIONS.face_or_person!,
  nudity: PICTURE_REJECTIONS.nudity_or_explicit!,
  too_small:
    'This picture is too small to check. Please choose one at least 256 pixels on its shorter side.',
};

/** A picture is public at once: one the content gate is unsure about is refused too. */
const pictureMessage: RefusalMessage = (rejected) => {
  if (!rejected) {
    return 'We could not be sure this picture follows our content rules. Please choose another picture.';
  }
  return GATE_PICTURE_REJECTIONS[rejected.gate?.reason ?? 'too_small'];
};

/**
 * The same pipeline as uploads: real type from the bytes, metadata stripped, re-encoded, the
 * content gate (recorded like an upload's when it refuses) and the rater's content check (a
 * picture need not show feet, but it is public: no faces, no nudity).
 */
@CommandHandler(ChangeProfilePictureCommand)
export class ChangeProfilePictureHandler implements ICommandHandler<
  ChangeProfilePictureCommand,
  { profilePictureUrl: string }
> {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
    @Inject(PHOTO_RATER) private readonly rater: PhotoRater,
    @Inject(IMAGE_PROCESSOR) private readonly imageProcessor: ImageProcessor,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly checks: UploadChecks,
  ) {}

  async execute(command: ChangeProfilePictureCommand): Promise<{ profilePictureUrl: string }> {
    const image = await this.imageProcessor.decode(command.image);
    const actor = { type: 'user' as const, id: command.userId };
    await this.checks.picture(
      image,
      { ratingId: newRecordId(), actor, correlationId: command.correlationId },
      pictureMessage,
    );
    const processed = await image.processed;
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
    const before = await this.readStore.findOne<UserDocument>(USERS, { _id: command.userId });
    await this.writes.decide(
      accountStreams.user(command.userId),
      userDecider,
      { type: 'ChangeProfilePicture', data: { profilePictureUrl } },
      by.actor(actor, command.correlationId),
      { settle: true },
    );
    // The replaced picture is gone from the profile: its files go too, unless the same bytes
    // are shown elsewhere (its address already answers 404 to everyone).
    const replaced = before?.profilePictureUrl
      ? contentHashOfImageUrl(before.profilePictureUrl)
      : null;
    if (replaced !== null && replaced !== processed.contentHash) {
      await deletePhotoFilesUnlessShown(this.readStore, this.images, replaced);
    }
    return { profilePictureUrl };
  }
}
