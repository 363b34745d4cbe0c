import { type IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import { AUDIT, AUDIT_SORT, type AuditDocument } from '../../../projections/audit/audit.projection';
import { type Filter } from '../../ports/read-store.port';
import { dayAfter, dayStart, decoratedPage, type Paged } from '../admin-lists';
import { AdminReads } from '../admin-reads';
import { type AuditRow, ListAuditQuery } from './list-audit.query';

@QueryHandler(ListAuditQuery)
export class ListAuditHandler implements IQueryHandler<ListAuditQuery, Paged<AuditRow>> {
  constructor(private readonly reads: AdminReads) {}

  async execute({ filter: query, page }: ListAuditQuery): Promise<Paged<AuditRow>> {
    const filter: Filter = {};
    if (query.actor) filter.actorId = query.actor;
    if (query.kind) filter.kind = query.kind;
    if (query.target) filter.targetId = query.target;
    const at: Record<string, string> = {};
    if (query.from) at.$gte = dayStart(query.from, 'from');
    if (query.to) at.$lt = dayAfter(query.to);
    if (Object.keys(at).length > 0) filter.at = at;
    const entries = await this.reads.page<AuditDocument>(AUDIT, filter, AUDIT_SORT, page);
    return decoratedPage(entries, async (items) => {
      const admins = await this.reads.adminNames(
        items.filter((e) => e.actorType === 'admin').map((e) => e.actorId),
      );
      return items.map((entry) => ({
        entry,
        actorName:
          entry.actorType === 'admin'
            ? (admins.get(entry.actorId) ?? entry.actorId)
            : entry.actorId,
      }));
    });
  }
}
