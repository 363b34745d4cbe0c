import { Command } from '@nestjs/cqrs';
import type { ReportReviewStatus } from '../../../domain/report/report.decider';
import type { AdminAct } from '../moderation-writes';

/** A verdict on a pending report; `hidePost` hides the post in the same step. */
export class ReviewReportCommand extends Command<void> {
  constructor(
    readonly act: AdminAct,
    readonly reportId: string,
    readonly status: ReportReviewStatus,
    readonly hidePost: boolean,
    readonly note: string | null,
  ) {
    super();
  }
}
