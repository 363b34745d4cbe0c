import { Injectable } from '@nestjs/common';
import { boostDecider, boostStreamId, type PostGone } from '../../domain/boost/boost.decider';
import { postBoostDecider, postBoostStreamId } from '../../domain/boost/post-boost.decider';
import type { By } from '../shared/command-metadata';
import { StreamWrites } from '../shared/stream-writes';

/**
 * A post removed or deleted takes its boost with it. Its boost stream closes (no boost takes the
 * post again: an application or a paid post checkout finds it gone) and names the boost that
 * last took it, which ends now if it still runs. A boost applied as the post went checks the
 * stream after applying (`endIfPostGone`): whichever of the two comes second ends it.
 */
@Injectable()
export class GonePostBoost {
  constructor(private readonly writes: StreamWrites) {}

  /** Answers the position of the last event it appended, null for none. */
  async close(postId: string, cause: PostGone, decidedBy: By): Promise<bigint | null> {
    const closed = await this.writes.decide(
      postBoostStreamId(postId),
      postBoostDecider,
      { type: 'ClosePostBoost', data: { postId, cause } },
      decidedBy,
    );
    const [event] = closed.events;
    if (event?.type !== 'PostBoostClosed' || event.data.boostId === null) return closed.position;
    const ended = await this.end(event.data.boostId, postId, cause, decidedBy);
    return ended ?? closed.position;
  }

  /**
   * After a boost was applied to a post: if the post went meanwhile, the boost ends now (or was
   * ended by the post's going). Answers whether it went, and the position of the end appended.
   */
  async endIfPostGone(
    postId: string,
    boostId: string,
    decidedBy: By,
  ): Promise<{ gone: boolean; position: bigint | null }> {
    const { state } = await this.writes.load(postBoostDecider, postBoostStreamId(postId));
    if (!state?.closed) return { gone: false, position: null };
    return { gone: true, position: await this.end(boostId, postId, state.cause, decidedBy) };
  }

  private async end(
    boostId: string,
    postId: string,
    cause: PostGone,
    decidedBy: By,
  ): Promise<bigint | null> {
    const ended = await this.writes.decide(
      boostStreamId(boostId),
      boostDecider,
      { type: 'EndBoost', data: { postId, cause } },
      decidedBy,
    );
    return ended.position;
  }
}
