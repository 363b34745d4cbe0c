import {
  Controller,
  HttpCode,
  Inject,
  Post,
  Req,
  UploadedFile,
  UseGuards,
  UseInterceptors,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { FileInterceptor } from '@nestjs/platform-express';
import type { Request } from 'express';
import { memoryStorage } from 'multer';
import { randomUUID } from 'node:crypto';
import {
  RatePhotoCommand,
  type RatePhotoResult,
} from '../../application/rate-photo/rate-photo.command';
import { NotAnImageError } from '../../application/ports/image-processor.port';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';
import { UploadRateLimitGuard } from './upload-rate-limit.guard';

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

@Controller('api')
export class UploadController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
  ) {}

  @Post('upload')
  @HttpCode(200)
  @UseGuards(UploadRateLimitGuard)
  @UseInterceptors(
    FileInterceptor('image', {
      storage: memoryStorage(),
      limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, parts: 12 },
    }),
  )
  upload(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Req() request: Request,
  ): Promise<RatePhotoResult> {
    if (!file || file.size === 0) throw new NotAnImageError();
    return this.commandBus.execute(
      new RatePhotoCommand(file.buffer, this.identity.visitor(request), randomUUID()),
    );
  }
}
