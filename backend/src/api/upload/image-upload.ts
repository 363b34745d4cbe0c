import { applyDecorators, UseGuards, UseInterceptors } from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import { ReceivedFileStorage } from './received-file-storage';
import { UploadRateLimitGuard } from './upload-rate-limit.guard';
import { UploadPlaceGuard } from './uploads-in-progress';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/**
 * The route takes one image in the multipart field `field` (at most 10 MB, kept in memory) and
 * shares the upload allowance of the address: decoding an image costs CPU and the content check
 * money, so the allowance is counted before the body is read (after the session guard, which
 * runs first on every route). One address has at most two uploads in progress at once: a third
 * is refused before it counts against the allowance (see `UploadPlaceGuard`).
 */
export function ImageUpload(field: string) {
  return applyDecorators(
    UseGuards(UploadPlaceGuard, UploadRateLimitGuard),
    UseInterceptors(
      FileInterceptor(field, {
        storage: new ReceivedFileStorage(MAX_UPLOAD_BYTES),
        limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
      }),
    ),
  );
}
