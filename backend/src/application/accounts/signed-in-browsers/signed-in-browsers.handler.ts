import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { UserSessionDocument } from '../../../projections/user-sessions/user-sessions.projection';
import { AccountReads } from '../account-reads';
import { GetSignedInBrowsersQuery } from './signed-in-browsers.query';

/** Expired sessions and those ended a moment ago (before the read models caught up) are left out. */
@QueryHandler(GetSignedInBrowsersQuery)
export class GetSignedInBrowsersHandler implements IQueryHandler<
  GetSignedInBrowsersQuery,
  UserSessionDocument[]
> {
  constructor(private readonly reads: AccountReads) {}

  execute(query: GetSignedInBrowsersQuery): Promise<UserSessionDocument[]> {
    return this.reads.sessionsOf(query.userId);
  }
}
