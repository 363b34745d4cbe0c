import { Query } from '@nestjs/cqrs';
import type { UserDocument } from '../../../projections/users/users.projection';

/** One account as the back office shows it (the answer to an action on it). */
export class GetAdminUserQuery extends Query<UserDocument> {
  constructor(readonly userId: string) {
    super();
  }
}
