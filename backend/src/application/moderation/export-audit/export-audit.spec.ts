import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { AUDIT } from '../../../projections/audit/audit.projection';
import { ListAuditHandler } from '../list-audit/list-audit.handler';
import { adminWorld, NOW } from '../testing/admin-world';
import { ExportAuditHandler } from './export-audit.handler';
import { ExportAuditQuery } from './export-audit.query';

describe('exporting the audit log', () => {
  it('reads page after page until the entries run out', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    const entries = Array.from({ length: 230 }, (_, i) => ({
      _id: `e${i}`,
      at: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(),
      seq: i,
      actorType: 'system',
      actorId: 'auto-hide',
      kind: i % 2 === 0 ? 'PostAutoHidden' : 'AutoHideEnded',
    }));
    await world.documents(AUDIT, ...entries);
    const handler = new ExportAuditHandler(new ListAuditHandler(world.adminReads));
    const rows = await handler.execute(new ExportAuditQuery({}));
    expect(rows).toHaveLength(230);
    expect(rows[0].entry._id).toBe('e229');
    const hidden = await handler.execute(new ExportAuditQuery({ kind: 'PostAutoHidden' }));
    expect(hidden).toHaveLength(115);
  });
});
