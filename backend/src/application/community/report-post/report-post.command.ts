import { Command } from '@nestjs/cqrs';
import type { ReportCategory } from '../../../domain/report/report.decider';

/** `category` null: a client that sends only a reason (the report is of the `other` category). */
export class ReportPostCommand extends Command<void> {
  constructor(
    readonly userId: string,
    readonly postId: string,
    readonly category: ReportCategory | null,
    readonly reason: string,
    readonly correlationId: string,
  ) {
    super();
  }
}
