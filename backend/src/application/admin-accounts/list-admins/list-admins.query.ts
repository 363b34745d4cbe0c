import { Query } from '@nestjs/cqrs';
import type { AdminDocument } from '../../../projections/admins/admins.projection';
import type { Page, Paged } from '../../moderation/admin-lists';

/** The admins, oldest first. */
export class ListAdminsQuery extends Query<Paged<AdminDocument>> {
  constructor(readonly page: Page) {
    super();
  }
}
