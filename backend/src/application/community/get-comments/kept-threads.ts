import { Inject, Injectable } from '@nestjs/common';
import { KeptAtPosition } from '../../shared/kept-at-position';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { PostReads } from '../post-reads';
import type { ThreadPage } from '../post-views';

/** Pages of threads kept at once: a few MB at most. */
export const KEPT_THREADS = 256;

/**
 * Threads of comments, read once and shared by every viewer until the read models move
 * (KeptAtPosition): a thread is the same for everyone (the viewer's own likes are read apart), and
 * a post that draws a crowd draws it to its thread. The same array is answered while it is kept, so
 * what the api derives from it (its bytes) can be kept beside it.
 */
@Injectable()
export class KeptThreads {
  private readonly threads = new KeptAtPosition<ThreadPage>(KEPT_THREADS);

  constructor(
    private readonly reads: PostReads,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  /** A page of the post's threads (each page is kept on its own). */
  async thread(postId: string, page: { cursor?: string; limit: number }): Promise<ThreadPage> {
    const position = await this.progress.current();
    if (position === null) return this.reads.thread(postId, page);
    const key = `${postId} ${page.limit} ${page.cursor ?? ''}`;
    return this.threads.get(key, position, () =>
      this.reads
        .thread(postId, page)
        .then((read) => Object.freeze({ ...read, threads: Object.freeze(read.threads) })),
    );
  }
}
