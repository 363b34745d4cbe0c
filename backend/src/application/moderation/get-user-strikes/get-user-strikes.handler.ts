import { Inject } from '@nestjs/common';
import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import {
  USER_STRIKES,
  type StrikesDocument,
} from '../../../projections/strikes/strikes.projection';
import { READ_STORE, type ReadStore } from '../../ports/read-store.port';
import { CLOCK, type Clock } from '../../shared/clock';
import { ModerationWrites } from '../moderation-writes';
import { GetUserStrikesQuery, type UserStrikesView } from './get-user-strikes.query';

@QueryHandler(GetUserStrikesQuery)
export class GetUserStrikesHandler implements IQueryHandler<GetUserStrikesQuery, UserStrikesView> {
  constructor(
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly writes: ModerationWrites,
  ) {}

  async execute({ userId }: GetUserStrikesQuery): Promise<UserStrikesView> {
    await this.writes.existingUser(userId);
    const doc = await this.readStore.findOne<StrikesDocument>(USER_STRIKES, { _id: userId });
    const until = doc?.suspendedUntil ?? null;
    return {
      strikes: doc?.strikes ?? [],
      suspensions: doc?.suspensions ?? [],
      suspendedUntil:
        until !== null && Date.parse(until) > this.clock.now().getTime() ? until : null,
    };
  }
}
