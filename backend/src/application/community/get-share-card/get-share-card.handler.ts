import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { NotFoundError } from '../../../domain/shared/errors';
import type { AppConfig } from '../../../config/config';
import { APP_CONFIG } from '../../../config/config.provider';
import {
  inMinutes,
  RATE_LIMITER,
  type RateLimiter,
  withinLimits,
} from '../../ports/rate-limiter.port';
import { IMAGE_STORAGE, type ImageStorage } from '../../ports/image-storage.port';
import { SHARE_CARD_RENDERER, type ShareCardRenderer } from '../../ports/share-card-renderer.port';
import { PostPreviews, type PostPreview } from '../get-post-preview/post-previews';
import { GetShareCardQuery, type ShareCard } from './get-share-card.query';
import { ShareCardCache } from './share-card-cache';

export const SITE_NAME = 'SoleScore';
const MINUTE_MS = 60_000;

@QueryHandler(GetShareCardQuery)
export class GetShareCardHandler implements IQueryHandler<GetShareCardQuery, ShareCard> {
  constructor(
    private readonly previews: PostPreviews,
    private readonly cache: ShareCardCache,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
    @Inject(SHARE_CARD_RENDERER) private readonly renderer: ShareCardRenderer,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'shareCardLimitPerMinute'>,
  ) {}

  async execute({ postId, visitorKey }: GetShareCardQuery): Promise<ShareCard> {
    let preview: PostPreview;
    try {
      preview = await this.previews.of(postId);
    } catch (error) {
      // Hidden, held, removed or deleted since it was drawn: its card goes with it.
      if (error instanceof NotFoundError) this.cache.forget(postId);
      throw error;
    }
    if (!this.cache.holds(preview.postId, preview.cardVersion)) {
      // Counted before the drawing is shared with anyone, so a refusal is this visitor's alone.
      const limit = this.config.shareCardLimitPerMinute;
      const counted = await withinLimits(
        this.limiter,
        [{ key: `share-card:${visitorKey}`, limit, windowMs: MINUTE_MS }],
        (retryAfterMs) =>
          `Too many share cards from this address. Please try again ${inMinutes(retryAfterMs)}.`,
      );
      // Drawn meanwhile by someone else's request: this one is free after all.
      if (this.cache.holds(preview.postId, preview.cardVersion)) await counted.giveBack();
    }
    return this.cache.get(preview.postId, preview.cardVersion, () => this.draw(preview));
  }

  private async draw(preview: PostPreview): Promise<Buffer> {
    const photo = await this.images.get(preview.imageUrl.replace(/^\/uploads\//, ''));
    if (!photo) throw new NotFoundError('Image not found');
    return this.renderer.render(photo, {
      score: preview.score === null ? null : `${preview.score}/10`,
      label: preview.label,
      rank: preview.weeklyRank === null ? null : `#${preview.weeklyRank} this week`,
      site: SITE_NAME,
    });
  }
}
