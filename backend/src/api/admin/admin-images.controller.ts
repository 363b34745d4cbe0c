import { Get, Param, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { GetStoredImageQuery } from '../../application/moderation/get-stored-image/get-stored-image.query';
import { sendImage } from '../shared/etag';
import { Refusals } from '../shared/openapi';
import { ADMIN_ONLY, AdminApi } from './admin-api';

/** Where the back office's answers point a stored image: `/uploads/<key>` becomes this route's. */
export const ADMIN_IMAGES_PATH = '/api/rtm-sys/uploads/';

/** The admin's address of an image the public reads at `/uploads/<key>`. */
export function adminImageUrl(publicUrl: string): string {
  return publicUrl.startsWith('/uploads/')
    ? `${ADMIN_IMAGES_PATH}${publicUrl.slice('/uploads/'.length)}`
    : publicUrl;
}

/**
 * Every stored image, for the admins who decide on it: a held, hidden or removed post's photo
 * and a banned author's answer 404 at their public address.
 */
@AdminApi()
export class AdminImagesController {
  constructor(private readonly queryBus: QueryBus) {}

  @ApiOperation({
    operationId: 'Admin_image',
    summary: 'A stored image, whether or not the public may see it now',
  })
  @ApiOkResponse({
    description: 'The image (WebP)',
    content: { 'image/webp': { schema: { type: 'string', format: 'binary' } } },
  })
  @Refusals({ ...ADMIN_ONLY, 404: 'No such image' })
  @Get('uploads/:folder/:file')
  async image(
    @Param('folder') folder: string,
    @Param('file') file: string,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const key = `${folder}/${file}`;
    const image: Buffer = await this.queryBus.execute(new GetStoredImageQuery(key));
    sendImage(request, response, {
      body: image,
      type: 'image/webp',
      etag: `"${key.slice(3, -'.webp'.length)}"`,
      cacheControl: 'private, no-cache',
    });
  }
}
