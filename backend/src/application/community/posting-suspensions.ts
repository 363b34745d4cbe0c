import { Inject, Injectable } from '@nestjs/common';
import { PostingSuspendedError } from '../../domain/user/strikes.decider';
import { USER_STRIKES, type StrikesDocument } from '../../projections/strikes/strikes.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { CLOCK, type Clock } from '../shared/clock';

/**
 * Whether an account may post, comment and rate now, or is suspended after its strikes
 * (decided on its own stream, `strikes.decider.ts`; read here from the read model, so a
 * suspension applies from the moment it is projected). Liking and reporting stay open.
 */
@Injectable()
export class PostingSuspensions {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /** The end of the account's running suspension, or null when it may post. */
  async suspendedUntil(userId: string): Promise<string | null> {
    const strikes = await this.readStore.findOne<StrikesDocument>(USER_STRIKES, { _id: userId });
    const until = strikes?.suspendedUntil ?? null;
    return until !== null && Date.parse(until) > this.clock.now().getTime() ? until : null;
  }

  /** Refuses (403, saying until when) a post, comment or rating by a suspended account. */
  async assertCanWrite(userId: string): Promise<void> {
    const until = await this.suspendedUntil(userId);
    if (until !== null) throw new PostingSuspendedError(until);
  }
}
