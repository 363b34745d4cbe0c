import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import { postDecider, postStreamId } from '../../domain/post/post.decider';
import type { Reporter } from '../../domain/report/report-standing';
import { REPORTS, type ReportDocument } from '../../projections/reports/reports.projection';
import { USERS, type UserDocument } from '../../projections/users/users.projection';
import { VOTERS, type VoterDocument } from '../../projections/voters/voters.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { by } from '../shared/command-metadata';
import { StreamWrites } from '../shared/stream-writes';

export const SYSTEM_ACTOR = { type: 'system', id: 'auto-hide' } as const;

const HOUR_MS = 60 * 60 * 1000;

/**
 * The report path's second step: the new report joins the post's tally, decided on the post's
 * own stream (`TallyReport`), with what the read models know of the reporter when it reports
 * (verified, registered when, in an uncleared burst of sign-ups, last report dismissed when).
 * When REPORT_AUTO_HIDE reports in good standing are waiting, the post decider hides the post
 * in the same append, as the system. See `report-standing.ts` and `report-tally.ts`.
 */
@Injectable()
export class AutoHide {
  constructor(
    private readonly writes: StreamWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG)
    private readonly config: Pick<AppConfig, 'reportAutoHide' | 'reportMinAccountAgeHours'>,
  ) {}

  async afterReport(
    report: { postId: string; reportId: string; reporterId: string },
    correlationId: string,
  ): Promise<void> {
    const reporter = await this.reporter(report.reporterId);
    await this.writes.decide(
      postStreamId(report.postId),
      postDecider,
      {
        type: 'TallyReport',
        data: {
          ...report,
          reporter,
          minAccountAgeMs: this.config.reportMinAccountAgeHours * HOUR_MS,
          threshold: this.config.reportAutoHide,
        },
      },
      by.actor(SYSTEM_ACTOR, correlationId),
      { settle: true },
    );
  }

  /** What the read models know of the reporting account (null: nothing, it does not count). */
  private async reporter(userId: string): Promise<Reporter | null> {
    const [user, voter, dismissed] = await Promise.all([
      this.readStore.findOne<UserDocument>(USERS, { _id: userId }),
      this.readStore.findOne<VoterDocument>(VOTERS, { _id: userId }),
      this.readStore.find<ReportDocument>(
        REPORTS,
        { reporterId: userId, status: 'dismissed' },
        { sort: { reviewedAt: -1 }, limit: 1 },
      ),
    ]);
    if (!user) return null;
    return {
      emailVerified: user.emailVerified === true,
      registeredAt: user.createdAt ?? null,
      clusterHeld: voter?.clusterHeld === true,
      lastDismissedAt: dismissed[0]?.reviewedAt ?? null,
    };
  }
}
