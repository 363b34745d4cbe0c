import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Cron } from '@nestjs/schedule';
import { LeasedSweep } from '../../shared/leased-sweep';
import { ClusterLikes } from '../../community/cluster-likes';
import { by } from '../../shared/command-metadata';
import { HeldRatings } from './held-ratings';

/**
 * Every ten minutes (and at start), ratings from accounts that have become a day old come to
 * count: time passing is recorded as `RatingCounted` on each vote, so the posts' averages (kept
 * in order for the boards) change with an event, and a replay gives the same figures. Before
 * that, the likes of bursts still held that a hold missed are held. Runs where the projections
 * run, under their lease.
 */
@Injectable()
export class HeldRatingsSweep extends LeasedSweep<number> {
  constructor(
    private readonly held: HeldRatings,
    private readonly clusterLikes: ClusterLikes,
  ) {
    super('HeldRatingsSweep');
  }

  @Cron('0 */10 * * * *', { name: 'held-ratings-sweep' })
  everyTenMinutes(): Promise<void> {
    return this.onSchedule();
  }

  protected async sweepOnce(): Promise<number> {
    const correlationId = `held-ratings-sweep-${randomUUID()}`;
    await this.clusterLikes.holdHeldClusters(by.system('held-ratings-sweep', correlationId));
    const counted = await this.held.due(
      { type: 'system', id: 'held-ratings-sweep' },
      correlationId,
    );
    if (counted > 0) this.logger.log(`${counted} held votes now count`);
    return counted;
  }
}
