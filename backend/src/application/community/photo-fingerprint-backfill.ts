import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  accountPhotosDecider,
  accountPhotosStreamId,
} from '../../domain/post/account-photos.decider';
import { FINGERPRINT_VERSION } from '../../domain/post/photo-fingerprint';
import { postDecider } from '../../domain/post/post.decider';
import type { CommandMetadata } from '../../domain/shared/event';
import { POSTS, type PostDocument } from '../../projections/posts/posts.projection';
import { IMAGE_PROCESSOR, type ImageProcessor } from '../ports/image-processor.port';
import { IMAGE_STORAGE, type ImageStorage, imageKeys } from '../ports/image-storage.port';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { commandMetadata } from '../shared/command-metadata';
import { LeasedSweep } from '../shared/leased-sweep';
import { StreamWrites } from '../shared/stream-writes';
import { postStreamId } from './post-publishing';

/** Posts read per query. */
const PAGE = 100;

/**
 * Brings posts published before the current `FINGERPRINT_VERSION` up to it, at start: each photo is
 * fingerprinted again from its stored file and recorded on the post's stream and on its author's
 * photo stream, where "one post per photo" is decided from then on. Idempotent: posts and streams
 * already at the version are left. A file that is gone records no keys (the dHash still finds the
 * photo); a store that cannot be read ends the sweep until the next start.
 */
@Injectable()
export class PhotoFingerprintBackfill extends LeasedSweep<number> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    private readonly writes: StreamWrites,
    @Inject(IMAGE_STORAGE) private readonly images: ImageStorage,
    @Inject(IMAGE_PROCESSOR) private readonly processor: ImageProcessor,
  ) {
    super('PhotoFingerprintBackfill');
  }

  protected async sweepOnce(): Promise<number> {
    const metadata = commandMetadata(
      { type: 'system', id: 'photo-fingerprints' },
      this.writes.now(),
      `photo-fingerprints-${randomUUID()}`,
    );
    let done = 0;
    let last: bigint | null = null;
    let after: Record<string, unknown> | undefined;
    for (;;) {
      const page = await this.readStore.find<PostDocument>(
        POSTS,
        { fingerprintVersion: { $lt: FINGERPRINT_VERSION } },
        { sort: { fingerprintVersion: 1, createdAt: 1 }, limit: PAGE, after },
      );
      for (const post of page) {
        if (this.stopping) break;
        last = (await this.fingerprint(post, metadata)) ?? last;
        done += 1;
      }
      const end = page.at(-1);
      if (!end || page.length < PAGE || this.stopping) break;
      after = {
        fingerprintVersion: end.fingerprintVersion,
        createdAt: end.createdAt,
        _id: end._id,
      };
    }
    await this.unlessStopped(this.writes.settled(last, 30_000));
    if (done > 0)
      this.logger.log(`Filed ${done} posts' photos at fingerprint ${FINGERPRINT_VERSION}`);
    return done;
  }

  /** Records one post's new fingerprint and its photo's claim; answers the last position. */
  private async fingerprint(post: PostDocument, metadata: CommandMetadata) {
    const stored = await this.images.get(imageKeys(post.contentHash).image);
    const fingerprint = stored ? await this.processor.fingerprint(stored).catch(() => null) : null;
    const keys = fingerprint?.keys ?? [];
    const { _id: postId, authorId, imageHash } = post;
    const filed = await this.writes.decide(
      postStreamId(postId),
      postDecider,
      {
        type: 'RecordFingerprint',
        data: { postId, fingerprint: keys, fingerprintVersion: FINGERPRINT_VERSION },
      },
      metadata,
    );
    if (post.removed) return filed.position;
    const claimed = await this.writes.decide(
      accountPhotosStreamId(authorId),
      accountPhotosDecider,
      {
        type: 'ClaimPhoto',
        data: { userId: authorId, postId, imageHash, keys, probes: [], recorded: true },
      },
      metadata,
    );
    return claimed.position ?? filed.position;
  }
}
