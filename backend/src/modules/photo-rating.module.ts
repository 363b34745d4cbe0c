import { type DynamicModule, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { UploadController } from '../api/upload/upload.controller';
import { UploadRateLimitGuard } from '../api/upload/upload-rate-limit.guard';
import { PhotoAssessment } from '../application/rate-photo/photo-assessment';
import { UnpublishedUploads } from '../application/rate-photo/discard-unpublished-uploads/unpublished-uploads';
import { RATE_PHOTO_HANDLERS } from '../application/rate-photo/rate-photo.providers';
import type { LeasedProjections } from '../infrastructure/projection-runner/leased-projections';
import { LEASED_PROJECTIONS } from './infrastructure.module';
import { AccountsModule } from './accounts.module';
import { registerOnce } from './register-once';

/** Deletes the photos nobody published, hourly, beside the projections, under their lease. */
@Injectable()
class PhotoRatingWorkers implements OnModuleInit {
  constructor(
    @Inject(LEASED_PROJECTIONS) private readonly projections: LeasedProjections | null,
    private readonly uploads: UnpublishedUploads,
  ) {}

  onModuleInit() {
    this.projections?.addCompanion(this.uploads);
  }
}

/** Uploading a photo and getting its AI rating, limited per visitor. */
@Module({})
export class PhotoRatingModule {
  static register(options: { api: boolean }): DynamicModule {
    return registerOnce('photo-rating', options, () => ({
      module: PhotoRatingModule,
      // The upload knows a signed-in uploader (an account's uploads go with its erasure).
      imports: [AccountsModule.register(options)],
      controllers: options.api ? [UploadController] : [],
      providers: [
        PhotoAssessment,
        ...RATE_PHOTO_HANDLERS,
        UploadRateLimitGuard,
        UnpublishedUploads,
        PhotoRatingWorkers,
      ],
      exports: [PhotoAssessment, UploadRateLimitGuard, UnpublishedUploads],
    }));
  }
}
