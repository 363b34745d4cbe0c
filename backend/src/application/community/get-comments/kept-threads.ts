import { Inject, Injectable } from '@nestjs/common';
import { KeptAtPosition } from '../../shared/kept-at-position';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { PostReads } from '../post-reads';
import type { ThreadPage } from '../post-views';

/** Pages of threads kept at once: a few MB at most. */
export const KEPT_THREADS = 256;

/**
 * Threads of comments, read once and shared by every viewer until the read models move.
 *
 * A thread is the same for everyone who reads it (the viewer's own likes are read apart), and
 * a post that draws a crowd draws it to its thread. Each thread is kept with the position of
 * the last projected event when it was read; once another event is projected (a comment, a
 * like, a renamed or banned author, anywhere) it is read again on its next request, so a thread
 * is never older than the read models and read-your-writes holds as it does without the keeping.
 * The same array is answered while it is kept, so what the api derives from it (its bytes) can
 * be kept beside it. Requests that arrive while a thread is read wait for that one read; past
 * `KEPT_THREADS` posts, the one kept longest is dropped (KeptAtPosition).
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
