import { type DynamicModule, Module } from '@nestjs/common';
import { UploadController } from '../api/upload/upload.controller';
import { UploadRateLimitGuard } from '../api/upload/upload-rate-limit.guard';
import { PhotoAssessment } from '../application/rate-photo/photo-assessment';
import { RatePhotoHandler } from '../application/rate-photo/rate-photo.handler';
import { AccountsModule } from './accounts.module';
import { registerOnce } from './register-once';

/** Uploading a photo and getting its AI rating, limited per visitor. */
@Module({})
export class PhotoRatingModule {
  static register(options: { api: boolean }): DynamicModule {
    return registerOnce('photo-rating', options, () => ({
      module: PhotoRatingModule,
      // The upload knows a signed-in uploader (an account's uploads go with its erasure).
      imports: [AccountsModule.register(options)],
      controllers: options.api ? [UploadController] : [],
      providers: [PhotoAssessment, RatePhotoHandler, UploadRateLimitGuard],
      exports: [PhotoAssessment, UploadRateLimitGuard],
    }));
  }
}
