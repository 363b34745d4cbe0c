import { Inject, Injectable } from '@nestjs/common';
import {
  photoRatingDecider,
  type Refusal,
  rejectionMessage,
} from '../../domain/photo-rating/photo-rating.decider';
import type { GateVerdict, PhotoRejected } from '../../domain/photo-rating/photo-rating.events';
import { RejectedContentError } from '../../domain/shared/errors';
import {
  liveStrikes,
  STRIKING_PHOTO_REFUSALS,
  StrikingRefusalError,
  type StrikeTally,
} from '../../domain/user/strikes.decider';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import {
  strikeSpent,
  USER_STRIKES,
  type StrikesDocument,
} from '../../projections/strikes/strikes.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import type { Actor } from '../../domain/shared/event';
import { SimilarPhotos } from '../community/similar-photos';
import { CONTENT_GATE, type ContentGate, MIN_JUDGED_SIDE } from '../ports/content-gate.port';
import type { DecodedImage } from '../ports/image-processor.port';
import { judgeMeasures } from '../../domain/photo-rating/picture-content';
import { StreamWrites } from '../shared/stream-writes';

/** The upload being checked: its rating's id (its stream) and who sent it. */
export interface CheckedUpload {
  ratingId: string;
  actor: Actor;
  correlationId: string;
}

/** A profile picture that is the photo of a post a moderator removed. */
export const REMOVED_PICTURE =
  'This picture was taken down by a moderator. Please choose another picture.';

/** What a refusal tells the uploader, from the recorded fact (`null`: the gate's review). */
export type RefusalMessage = (rejected: PhotoRejected['data'] | null) => string;

/**
 * What every image passes before it is stored or rated, cheapest first: big enough to judge
 * (`MIN_JUDGED_SIDE`); for a photo to rate, a picture at all (`judgeMeasures`) and not a re-post of
 * another account's post; then the content gate, on the decoded pixels while the stored encodings
 * are made. A refusal is recorded (`PhotoRejected`) and thrown as RejectedContentError (422); a
 * gate that cannot judge now throws GateUnavailableError (503) and records nothing.
 */
@Injectable()
export class UploadChecks {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(CONTENT_GATE) private readonly gate: ContentGate,
    private readonly similarPhotos: SimilarPhotos,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'strikes'>,
  ) {}

  /** A photo to rate and post: the gate's pass or review, or a recorded refusal. */
  async photo(image: DecodedImage, upload: CheckedUpload): Promise<GateVerdict> {
    const checked = { ...upload, message: photoMessage };
    await this.refuseIfTooSmall(image, checked);
    // Before the gate, which would only spend its models on an image with nothing in it.
    const emptyPicture = judgeMeasures(await image.pictureMeasures());
    if (emptyPicture) return this.refuse(image, checked, { kind: 'no_picture', emptyPicture });
    // Before the rater is asked, so a re-post spends no rating. A visitor is nobody's author:
    // every posted photo counts; an account may post its own photo again.
    const uploaderId = upload.actor.type === 'user' ? upload.actor.id : null;
    const duplicateOf = await this.similarPhotos.repostedFrom(photoOf(image), uploaderId);
    if (duplicateOf.length > 0) {
      return this.refuse(image, checked, { kind: 'repost', duplicateOf });
    }
    return this.judge(image, checked);
  }

  /**
   * A profile picture: public at once with no queue to wait in, so a picture the gate would
   * hold for review is refused too (told with `message(null)`, and recorded by nothing: the
   * gate found no rule broken), and so is the photo of a removed post.
   */
  async picture(
    image: DecodedImage,
    upload: CheckedUpload,
    message: RefusalMessage,
  ): Promise<void> {
    const checked = { ...upload, message };
    await this.refuseIfTooSmall(image, checked);
    // A removal reaches every copy: the photo comes back as nobody's picture, edited or not.
    if (await this.similarPhotos.removedPhoto(photoOf(image))) {
      throw new RejectedContentError(REMOVED_PICTURE);
    }
    const verdict = await this.judge(image, checked);
    if (verdict.outcome === 'review') throw new RejectedContentError(message(null));
  }

  private async refuseIfTooSmall(image: DecodedImage, upload: MessagedUpload) {
    if (Math.min(image.width, image.height) < MIN_JUDGED_SIDE) {
      await this.refuse(image, upload, { kind: 'too_small' });
    }
  }

  private async judge(image: DecodedImage, upload: MessagedUpload): Promise<GateVerdict> {
    const decision = await this.gate.judge(image);
    const verdict: GateVerdict = {
      outcome: decision.outcome,
      reason: decision.reason,
      scores: { ...decision.scores },
      gate: decision.gate,
    };
    if (verdict.outcome === 'refuse') {
      return this.refuse(image, upload, { kind: 'gate', gate: verdict });
    }
    return verdict;
  }

  private async refuse(
    image: DecodedImage,
    upload: MessagedUpload,
    refusal: Refusal,
  ): Promise<never> {
    // The refused photo is never stored; its content hash is still recorded.
    const processed = await image.processed;
    const decided = await this.writes.decide(
      `rating-${upload.ratingId}`,
      photoRatingDecider,
      {
        type: 'RefusePhoto',
        data: {
          ratingId: upload.ratingId,
          imageHash: image.perceptualHash,
          contentHash: processed.contentHash,
          refusal,
        },
      },
      upload,
    );
    const [event] = decided.events;
    if (event?.type !== 'PhotoRejected') throw new Error(`Unexpected refusal ${event?.type}`);
    const message = upload.message(event.data);
    // A signed-in uploader's breach is a strike (the strikes reactor records it): told here.
    if (upload.actor.type === 'user' && STRIKING_PHOTO_REFUSALS.has(event.data.reason)) {
      const tally = await this.tallyWith(upload.actor.id, `photo:${upload.ratingId}`);
      throw new StrikingRefusalError(message, tally);
    }
    throw new RejectedContentError(message);
  }

  /** The account's live strikes with `strikeId` among them (it may not be recorded yet). */
  private async tallyWith(userId: string, strikeId: string): Promise<StrikeTally> {
    const { limit, windowDays } = this.config.strikes;
    const document = await this.readStore.findOne<StrikesDocument>(USER_STRIKES, { _id: userId });
    const entries = (document?.strikes ?? []).filter((entry) => entry.strikeId !== strikeId);
    const strikes = entries.map((entry) => ({
      strikeId: entry.strikeId,
      at: entry.at,
      spent: document ? strikeSpent(entry, document) : false,
      withdrawn: Boolean(entry.withdrawnAt),
    }));
    const live = liveStrikes(strikes, this.writes.now(), windowDays * 24 * 60 * 60 * 1000);
    return { count: live.length + 1, limit, windowDays };
  }
}

const photoMessage: RefusalMessage = (rejected) =>
  rejected ? rejectionMessage(rejected) : 'This photo needs a closer look.';

type MessagedUpload = CheckedUpload & { message: RefusalMessage };

/** What the re-post check looks for of a decoded upload. */
const photoOf = (image: DecodedImage) => ({
  imageHash: image.perceptualHash,
  probes: image.fingerprint.probes,
  keypoints: image.keypoints,
});
