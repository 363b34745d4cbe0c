import {
  applyDecorators,
  BadRequestException,
  type CallHandler,
  type ExecutionContext,
  mixin,
  type NestInterceptor,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Observable } from 'rxjs';
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
    UseInterceptors(OneImage(field)),
  );
}

/** The upload's message when the multipart body is not one file in `field`. */
export const uploadShapeMessage = (field: string) =>
  `Please send one image, as the form's "${field}" file.`;
export const UNREADABLE_UPLOAD = 'The upload could not be read. Please choose the photo again.';

/**
 * The file interceptor, with the multipart parser's refusals said plainly ("Unexpected file
 * field - file", "Multipart: Boundary not found" are the libraries' words, not ours).
 */
function OneImage(field: string) {
  const Parse = FileInterceptor(field, {
    storage: new ReceivedFileStorage(MAX_UPLOAD_BYTES),
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
  });
  class OneImageInterceptor extends Parse implements NestInterceptor {
    override async intercept(
      context: ExecutionContext,
      next: CallHandler,
    ): Promise<Observable<unknown>> {
      try {
        return await super.intercept(context, next);
      } catch (error) {
        if (!(error instanceof BadRequestException)) throw error;
        const unexpected = /^(Unexpected (file )?field|Too many (files|parts|fields))/.test(
          error.message,
        );
        throw new BadRequestException(unexpected ? uploadShapeMessage(field) : UNREADABLE_UPLOAD);
      }
    }
  }
  return mixin(OneImageInterceptor);
}
