import { Command } from '@nestjs/cqrs';
import type { Actor } from '../../domain/shared/event';

export interface RatePhotoResult {
  averageRating: string;
  toeAlignment: number;
  toeNails: number;
  footShape: number;
  aesthetic: number;
  aiComment: string;
  imageUrl: string;
  imageHash: string;
}

export class RatePhotoCommand extends Command<RatePhotoResult> {
  constructor(
    readonly image: Buffer,
    readonly actor: Actor,
    readonly correlationId: string,
  ) {
    super();
  }
}
