import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../../domain/shared/event';
import type { RaterKind } from '../../ports/rater.port';

export interface RatePhotoResult {
  averageRating: string;
  toeAlignment: number;
  toeNails: number;
  footShape: number;
  aesthetic: number;
  aiComment: string;
  /** Which kind of rater rated: the screens say what an offline rating measures. */
  rater: RaterKind;
  imageUrl: string;
  imageHash: string;
  /** The secret that publishing this rating needs (only the uploader gets it). */
  publishKey: string;
  /** Its post will be held for an admin's review before it goes public. */
  heldForReview: boolean;
}

export class RatePhotoCommand extends Command<RatePhotoResult> {
  constructor(
    readonly image: Buffer,
    /** The uploader: the signed-in account, or the visitor. */
    readonly actor: Actor,
    readonly correlationId: string,
    /** A keyed mark of the browser's key to its unpublished uploads (its `uploader` cookie). */
    readonly viewerMark: string | null = null,
  ) {
    super();
  }
}
