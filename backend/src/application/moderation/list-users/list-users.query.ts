import { Query } from '@nestjs/cqrs';
import type { UserDocument } from '../../../projections/users/users.projection';
import type { Page, Paged } from '../admin-lists';

export type UserFilter = 'all' | 'active' | 'suspended' | 'banned' | 'admins';

/** Accounts, newest first, searched by email or name. */
export class ListUsersQuery extends Query<Paged<UserDocument>> {
  constructor(
    readonly search: string | undefined,
    readonly status: UserFilter,
    readonly page: Page,
  ) {
    super();
  }
}
