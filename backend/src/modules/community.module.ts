import { ShareCardController } from '../api/share/share-card.controller';
import { type DynamicModule, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { BoardAnswers } from '../api/community/board-answers';
import { CommentsController } from '../api/community/comments.controller';
import { LeaderboardController } from '../api/community/leaderboard.controller';
import { PostingSuspensionController } from '../api/community/posting-suspension.controller';
import { PostsController } from '../api/community/posts.controller';
import { ThisWeekController } from '../api/community/this-week.controller';
import { BoostExpiry } from '../application/community/boost-expiry';
import { PostReads } from '../application/community/post-reads';
import { communityProviders } from '../application/community/community.providers';
import { GonePost } from '../application/community/gone-post';
import { NotificationReactor } from '../application/community/notification-reactor';
import { PhotoFingerprintBackfill } from '../application/community/photo-fingerprint-backfill';
import { WeeklyCompetitions } from '../application/community/weekly-competitions';
import type { LeasedProjections } from '../infrastructure/projection-runner/leased-projections';
import { AccountsModule } from './accounts.module';
import { LEASED_PROJECTIONS } from './infrastructure.module';
import { PhotoRatingModule } from './photo-rating.module';
import { registerOnce } from './register-once';

/** Runs the community's workers beside the projections, under their lease. */
@Injectable()
class CommunityWorkers implements OnModuleInit {
  constructor(
    @Inject(LEASED_PROJECTIONS) private readonly projections: LeasedProjections | null,
    private readonly notifications: NotificationReactor,
    private readonly weeklyCompetitions: WeeklyCompetitions,
    private readonly fingerprints: PhotoFingerprintBackfill,
  ) {}

  onModuleInit() {
    // Mails, then the weekly close (whose achievement mails the reactor then sends).
    this.projections?.addCompanion(this.notifications);
    this.projections?.addCompanion(this.weeklyCompetitions);
    this.projections?.addCompanion(this.fingerprints);
  }
}

/** Posts, boards, likes, comments, community ratings, reports and weekly competitions. */
@Module({})
export class CommunityModule {
  static register(options: { api: boolean }): DynamicModule {
    return registerOnce('community', options, () => ({
      module: CommunityModule,
      imports: [AccountsModule.register(options), PhotoRatingModule.register(options)],
      controllers: options.api
        ? [
            PostsController,
            LeaderboardController,
            ThisWeekController,
            CommentsController,
            PostingSuspensionController,
            ShareCardController,
          ]
        : [],
      providers: [
        ...communityProviders,
        BoardAnswers,
        NotificationReactor,
        WeeklyCompetitions,
        PhotoFingerprintBackfill,
        CommunityWorkers,
      ],
      exports: [PostReads, BoostExpiry, GonePost],
    }));
  }
}
