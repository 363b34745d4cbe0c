import { REPORT_NOT_FOUND } from '../../../domain/report/report.decider';
import { SqliteEventStore } from '../../../infrastructure/event-store/sqlite-event-store';
import { EmbeddedReadStore } from '../../../infrastructure/read-store/embedded-read-store';
import { REPORTS } from '../../../projections/reports/reports.projection';
import { adminWorld, id, NOW } from '../testing/admin-world';
import { GetReportHandler } from './get-report.handler';
import { GetReportQuery } from './get-report.query';

describe('one report', () => {
  it('answers it with its people, and 404 for none', async () => {
    const world = adminWorld(
      new SqliteEventStore(':memory:'),
      new EmbeddedReadStore(':memory:', () => NOW.getTime()),
    );
    await world.documents(REPORTS, {
      _id: id(4),
      postId: id(1),
      authorId: id(2),
      reporterId: id(3),
      reviewedBy: null,
    });
    const handler = new GetReportHandler(world.adminReads);
    expect(await handler.execute(new GetReportQuery(id(4)))).toMatchObject({
      post: null,
      reporter: null,
      reviewedBy: null,
    });
    await expect(handler.execute(new GetReportQuery(id(5)))).rejects.toThrow(REPORT_NOT_FOUND);
  });
});
