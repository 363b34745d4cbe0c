import { Controller, HttpCode, Inject, Post, Req, Res, UploadedFile } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { UserSession } from '../../application/accounts/account-reads';
import {
  RatePhotoCommand,
  type RatePhotoResult,
} from '../../application/rate-photo/rate-photo/rate-photo.command';
import { NotAnImageError } from '../../application/ports/image-processor.port';
import { SessionCookies } from '../auth/session-cookies';
import { CurrentSession, OptionalUserSession } from '../auth/session.guard';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';
import { ImageUploadBody, Refusals } from '../shared/openapi';
import { RatingResultResponse } from './rating-result.view';
import { ImageUpload } from './image-upload';
import { RequestId } from '../shared/request-id';

@Controller('api')
export class UploadController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
    private readonly cookies: SessionCookies,
  ) {}

  @ApiOperation({
    summary: 'Upload a photo of feet and get its AI rating',
    description:
      'No account needed; limited per address per clock hour. The answer is what a later publish sends back, its `publishKey` included. An upload made while signed in to a verified account belongs to that account (a refusal is a strike) and goes with its erasure; before the email is verified it is a visitor’s. Sets the browser’s `uploader` cookie (HttpOnly, SameSite=Lax, a day; `__Host-uploader` on https): until the rating is published, its `imageUrl` answers this browser and the signed-in uploader alone.',
  })
  @OptionalUserSession()
  @ImageUploadBody('image', 'A JPEG, PNG, WebP or AVIF photo of feet, at most 10 MB')
  @ApiOkResponse({ type: RatingResultResponse })
  @Refusals({
    400: 'No image, or not an image',
    413: 'The image is over 10 MB',
    422: 'Refused: no picture in it, too small, a re-post, or the content check refused it (a face or person, nudity, no feet)',
    429: 'Upload allowance of this address used up for this hour',
    503: 'The rater is unavailable',
  })
  @Post('upload')
  @HttpCode(200)
  @ImageUpload('image')
  upload(
    @UploadedFile() file: Express.Multer.File | undefined,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @CurrentSession() session: UserSession | null,
    @RequestId() requestId: string,
  ): Promise<RatePhotoResult> {
    if (!file || file.size === 0) throw new NotAnImageError();
    // An account whose email nobody has proved yet uploads as a visitor: a refused photo is
    // no strike for whoever owns the address to find when they claim it.
    const uploader = session?.user.emailVerified
      ? { type: 'user' as const, id: session.userId }
      : this.identity.visitor(request);
    // Until it is published, the photo is shown to this browser (and the signed-in uploader)
    // alone: the browser's key to its uploads comes back with the answer.
    const viewerMark = this.identity.mark(this.cookies.uploaderKey(request, response));
    return this.commandBus.execute(
      new RatePhotoCommand(file.buffer, uploader, requestId, viewerMark),
    );
  }
}
