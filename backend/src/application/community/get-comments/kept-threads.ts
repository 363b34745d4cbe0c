import { Inject, Injectable } from '@nestjs/common';
import { KeptAtPosition } from '../../shared/kept-at-position';
import { PROJECTION_PROGRESS, type ProjectionProgress } from '../../shared/projection-progress';
import { PostReads } from '../post-reads';
import type { CommentView } from '../post-views';

/** Posts whose threads are kept at once: a few MB at most. */
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
  private readonly threads = new KeptAtPosition<readonly CommentView[]>(KEPT_THREADS);

  constructor(
    private readonly reads: PostReads,
    @Inject(PROJECTION_PROGRESS) private readonly progress: ProjectionProgress,
  ) {}

  async thread(postId: string): Promise<readonly CommentView[]> {
    const position = await this.progress.current();
    if (position === null) return this.reads.thread(postId);
    return this.threads.get(postId, position, () =>
      this.reads.thread(postId).then((read) => Object.freeze(read)),
    );
  }
}
