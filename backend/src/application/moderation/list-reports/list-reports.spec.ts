import { useCase } from '../../../../test/support/use-case-specification';
import {
  accountOf,
  anAdmin,
  at,
  byAdmin,
  post,
  profileNamed,
  report,
} from '../testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { ListReportsHandler } from './list-reports.handler';
import { ListReportsQuery } from './list-reports.query';

describe('listing reports', () => {
  const [postId, author, reporter] = [id(1), id(2), id(3)];
  const page = { page: 1, pageSize: 25 };
  const on = (day: string) => `2026-11-${day}T00:00:00.000Z`;
  const reportOn = (day: string, ...args: Parameters<typeof report>) => {
    const [streamId, reported, ...then] = report(...args);
    return [streamId, { ...reported, ...at(on(day)) }, ...then] as const;
  };
  const listReports = givenHistory(
    useCase((world) => new ListReportsHandler(adminServices(world).reads), { now: NOW }),
    anAdmin({ adminId: id(900), username: 'root' }),
    [
      post(postId, author),
      accountOf(author, 'a@example.com', profileNamed(author, 'Author')),
      accountOf(reporter, 'r@example.com', profileNamed(reporter, 'Reporter')),
      reportOn('20', id(4), postId, author, reporter, {
        type: 'ReportReviewed',
        data: {
          ...{ reportId: id(4), postId, userId: reporter, authorId: author },
          ...{ status: 'reviewed', hidePost: false, note: null },
        },
        ...at(on('22'), byAdmin(id(900))),
      }),
      // A report of a post gone from the read model.
      reportOn('21', id(5), id(9), id(8), reporter),
    ],
  );

  it('given reports of two authors, when one author’s are listed, then each comes with its post, its people and the reviewing admin’s name', async () => {
    const { answer } = await listReports
      .when(new ListReportsQuery('all', undefined, author, page))
      .outcome();
    expect(answer?.total).toBe(1);
    const [row] = answer?.items ?? [];
    expect(row.post?.author?.name).toBe('Author');
    expect(row.reporter?.name).toBe('Reporter');
    expect(row.author?.email).toBe('a@example.com');
    expect(row.reviewedBy).toBe('root');
  });

  it('given a pending report of a post gone from the read model, when the pending ones are listed, then the report still shows, without it', async () => {
    const { answer: pending } = await listReports
      .when(new ListReportsQuery('pending', undefined, undefined, page))
      .outcome();
    expect(pending?.items.map((r) => [r.report._id, r.post])).toEqual([[id(5), null]]);
  });
});
