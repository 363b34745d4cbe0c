import { Query } from '@nestjs/cqrs';
import type { UserSessionDocument } from '../../../projections/user-sessions/user-sessions.projection';

/** The account's live sessions (its signed-in browsers), newest first. */
export class GetSignedInBrowsersQuery extends Query<UserSessionDocument[]> {
  constructor(readonly userId: string) {
    super();
  }
}
