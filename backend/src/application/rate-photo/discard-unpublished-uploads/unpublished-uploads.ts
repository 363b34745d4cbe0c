import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { photoRatingDecider } from '../../../domain/photo-rating/photo-rating.decider';
import type { DiscardReason } from '../../../domain/photo-rating/photo-rating.events';
import type { CommandMetadata } from '../../../domain/shared/event';
import {
  PHOTO_RATINGS,
  type PhotoRatingDocument,
} from '../../../projections/photo-ratings/photo-ratings.projection';
import { IMAGE_STORAGE, type ImageStorage } from '../../ports/image-storage.port';
import { HOUR_MS } from '../../ports/rate-limiter.port';
import { type Filter, READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { LeasedSweep } from '../../shared/leased-sweep';
import { deletePhotoFilesUnlessShown } from '../photo-files';
import { commandMetadata } from '../../shared/command-metadata';
import { StreamWrites } from '../../shared/stream-writes';

/** How long a rated photo nobody published is kept: then the hourly sweep deletes it. */
export const UNPUBLISHED_UPLOAD_HOURS = 24;

/** Records read per query. */
const PAGE = 500;

/**
 * Uploaded photos that never became a post, closed when their account is erased or after
 * `UNPUBLISHED_UPLOAD_HOURS`. Each is closed on its rating's stream (so a publish at the same
 * moment either wins and the photo stays, or finds it gone), then its file is deleted unless
 * something else still shows the same bytes.
 */
@Injectable()
export class UnpublishedUploads extends LeasedSweep<number> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
  ) {
    super('UnpublishedUploads');
  }

  /** Every photo the account uploaded while signed in and never published; answers how many. */
  discardUploadsOf(userId: string, metadata: CommandMetadata): Promise<number> {
    return this.discardAll(
      { uploaderId: userId, status: 'rated', postId: null },
      'uploader_erased',
      metadata,
    );
  }

  @Cron('0 17 * * * *', { name: 'unpublished-uploads-sweep' })
  hourly(): Promise<void> {
    return this.onSchedule();
  }

  protected async sweepOnce(): Promise<number> {
    const now = this.writes.now();
    const cutoff = new Date(now.getTime() - UNPUBLISHED_UPLOAD_HOURS * HOUR_MS).toISOString();
    const metadata = commandMetadata(
      { type: 'system', id: 'unpublished-uploads' },
      now,
      `unpublished-uploads-${randomUUID()}`,
    );
    const discarded = await this.discardAll(
      { status: 'rated', postId: null, ratedAt: { $lte: cutoff } },
      'expired',
      metadata,
    );
    if (discarded > 0) this.logger.log(`Deleted ${discarded} photos nobody published`);
    return discarded;
  }

  private async discardAll(
    filter: Filter,
    reason: DiscardReason,
    metadata: CommandMetadata,
  ): Promise<number> {
    let discarded = 0;
    for (;;) {
      const page = await this.readStore.find<PhotoRatingDocument>(PHOTO_RATINGS, filter, {
        limit: PAGE,
      });
      const files = new Set<string>();
      let last: bigint | null = null;
      let changed = 0;
      for (const record of page) {
        if (this.stopping) break;
        const decided = await this.writes.decide(
          `rating-${record._id}`,
          photoRatingDecider,
          { type: 'DiscardUnpublished', data: { reason } },
          metadata,
        );
        if (decided.events.length > 0) {
          files.add(record.contentHash);
          changed += 1;
        }
        last = decided.position ?? last;
      }
      // The read models must see them closed before the files are weighed.
      await this.writes.settled(last, 30_000);
      for (const contentHash of files) {
        await deletePhotoFilesUnlessShown(this.readStore, this.images, contentHash);
      }
      discarded += changed;
      // A page whose records all stay listed (published meanwhile, say) ends the walk.
      if (page.length < PAGE || changed === 0 || this.stopping) return discarded;
    }
  }
}
