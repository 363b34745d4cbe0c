import { Query } from '@nestjs/cqrs';
import type { AuditDocument } from '../../../projections/audit/audit.projection';
import type { Page, Paged } from '../admin-lists';

export interface AuditFilter {
  /** An admin's id, `auto-hide`, a Stripe event id. */
  actor?: string;
  /** An event type, e.g. `UserBanned`. */
  kind?: string;
  target?: string;
  /** From this UTC day (YYYY-MM-DD). */
  from?: string;
  /** Up to and including this UTC day. */
  to?: string;
}

export interface AuditRow {
  entry: AuditDocument;
  /** The admin's username when the actor is an admin, else the actor's id. */
  actorName: string;
}

/** The audit log: every admin action and payment event, newest first. */
export class ListAuditQuery extends Query<Paged<AuditRow>> {
  constructor(
    readonly filter: AuditFilter,
    readonly page: Page,
  ) {
    super();
  }
}
