import { useCase } from '../../../../test/support/use-case-specification';
import { REPORT_NOT_FOUND } from '../../../domain/report/report.decider';
import { NotFoundError } from '../../../domain/shared/errors';
import { report } from '../testing/admin-events';
import { adminServices, givenHistory, id, NOW } from '../testing/admin-use-cases';
import { GetReportHandler } from './get-report.handler';
import { GetReportQuery } from './get-report.query';

describe('one report', () => {
  // Its post and its people are not in the read model (gone, or never known).
  const getReport = givenHistory(
    useCase((world) => new GetReportHandler(adminServices(world).reads), { now: NOW }),
    [report(id(4), id(1), id(2), id(3))],
  );

  it('given a pending report, when asked for, then it is answered with its people', async () => {
    const { answer } = await getReport.when(new GetReportQuery(id(4))).outcome();
    expect(answer).toMatchObject({ post: null, reporter: null, reviewedBy: null });
    expect(answer?.report).toMatchObject({ _id: id(4), status: 'pending' });
  });

  it('given no such report, when asked for, then it answers 404', () =>
    getReport.when(new GetReportQuery(id(5))).thenThrows(NotFoundError, REPORT_NOT_FOUND));
});
