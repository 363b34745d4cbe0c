import { useCase } from '../../../../test/support/use-case-specification';
import { postStreamId } from '../../../domain/post/post.decider';
import { ListAuditHandler } from '../list-audit/list-audit.handler';
import { at } from '../testing/admin-events';
import { adminServices, givenHistory, type History, id, NOW } from '../testing/admin-use-cases';
import { ExportAuditHandler } from './export-audit.handler';
import { ExportAuditQuery } from './export-audit.query';

describe('exporting the audit log', () => {
  const exportAudit = useCase(
    (world) => new ExportAuditHandler(new ListAuditHandler(adminServices(world).reads)),
    { now: NOW },
  );
  const autoHide = { type: 'system' as const, id: 'auto-hide' };
  // 230 entries, a minute apart: the auto-hide hiding a post, then showing one again.
  const entries: History = Array.from({ length: 230 }, (_, i) => {
    const postId = id(1000 + i);
    const when = at(new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(), autoHide);
    const data = { postId, authorId: id(2) };
    return [
      postStreamId(postId),
      i % 2 === 0
        ? { type: 'PostAutoHidden', data: { ...data, reporterCount: 3 }, ...when }
        : {
            type: 'PostVisibilityChanged',
            data: { ...data, isPublic: true, reason: null },
            ...when,
          },
    ];
  });

  it('given 230 audited events, when the log is exported, then it reads page after page until the entries run out, newest first', async () => {
    const { answer: rows = [] } = await givenHistory(exportAudit, entries)
      .when(new ExportAuditQuery({}))
      .outcome();
    expect(rows).toHaveLength(230);
    expect(rows[0].entry.targetId).toBe(id(1229));
  });

  it('given 230 audited events, when the log is exported for one kind, then only that kind is read', async () => {
    const { answer: hidden = [] } = await givenHistory(exportAudit, entries)
      .when(new ExportAuditQuery({ kind: 'PostAutoHidden' }))
      .outcome();
    expect(hidden).toHaveLength(115);
  });
});
