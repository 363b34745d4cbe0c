import { Controller, Get, Inject, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  GetShareCardQuery,
  type ShareCard,
} from '../../application/community/get-share-card/get-share-card.query';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';
import { sendImage } from '../shared/etag';
import { Refusals } from '../shared/openapi';
import { PUBLIC_IMAGE_CACHE_CONTROL } from '../upload/stored-images';

@ApiTags('posts')
@Controller('api')
export class ShareCardController {
  constructor(
    private readonly queryBus: QueryBus,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
  ) {}

  @ApiOperation({
    summary: 'A post’s share card: the image its link previews show',
    description:
      'JPEG, 1200×630: the photo cover-cropped with its score, label, rank this week and the ' +
      'site’s name. The address the page’s `og:image` names carries the card’s version (query `v`), ' +
      'which changes with the score, label or rank: that address may be kept for a minute, as ' +
      'the photos are (a takedown reaches every cache within it); any other is revalidated by ' +
      'its ETag. Public posts only.',
  })
  @ApiOkResponse({
    description: 'The card',
    content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiNotModifiedResponse({ description: 'The card is unchanged since the `If-None-Match` ETag' })
  @Refusals({
    404: 'Post not found: missing, hidden, held for review, removed or deleted',
    429: 'Too many cards drawn for this address this minute (Retry-After says when to try again); a card already drawn is still served',
  })
  @Get('posts/:id/card.jpg')
  async card(
    @Param('id') id: string,
    @Query('v') version: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const card: ShareCard = await this.queryBus.execute(
      new GetShareCardQuery(id, this.identity.visitorKey(request)),
    );
    sendImage(request, response, {
      body: card.image,
      type: 'image/jpeg',
      etag: `"${card.version}"`,
      cacheControl: version === card.version ? PUBLIC_IMAGE_CACHE_CONTROL : 'public, no-cache',
    });
  }
}
