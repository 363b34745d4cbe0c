import { Inject, Injectable } from '@nestjs/common';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import { postDecider, postStreamId } from '../../domain/post/post.decider';
import { REPORTS } from '../../projections/reports/reports.projection';
import { READ_STORE, type ReadStore } from '../ports/read-store.port';
import { commandMetadata } from '../shared/command-metadata';
import { runDecider } from '../shared/decider-runner';
import { CommunityWrites } from './community-writes';

export const SYSTEM_ACTOR = { type: 'system', id: 'auto-hide' } as const;

/**
 * Decided in the report path, once the new report is in the read models: when REPORT_AUTO_HIDE
 * distinct accounts (one report stream per account and post, and only verified accounts may
 * report) have a pending report on the post, it is hidden until an admin reviews one. The post
 * decider records it once (idempotent), as the system.
 */
@Injectable()
export class AutoHide {
  constructor(
    private readonly writes: CommunityWrites,
    @Inject(READ_STORE) private readonly readStore: ReadStore,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async afterReport(postId: string, correlationId: string): Promise<void> {
    const pending = await this.readStore.find<{ _id: string; reporterId: string }>(REPORTS, {
      postId,
      pending: 1,
    });
    const reporterCount = new Set(pending.map((report) => report.reporterId)).size;
    if (reporterCount < this.config.reportAutoHide) return;
    const decided = await runDecider(
      this.writes.eventStore,
      postDecider,
      postStreamId(postId),
      {
        type: 'AutoHidePost',
        data: { postId, reporterCount, threshold: this.config.reportAutoHide },
      },
      commandMetadata(SYSTEM_ACTOR, this.writes.now(), correlationId),
    );
    await this.writes.settled(decided.position);
  }
}
