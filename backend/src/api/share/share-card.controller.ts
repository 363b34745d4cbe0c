import { Controller, Get, Param, Query, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiNotModifiedResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import {
  GetShareCardQuery,
  type ShareCard,
} from '../../application/community/get-share-card/get-share-card.query';
import { Refusals } from '../shared/openapi';

const YEAR_SECONDS = 365 * 24 * 60 * 60;

@ApiTags('posts')
@Controller('api')
export class ShareCardController {
  constructor(private readonly queryBus: QueryBus) {}

  @ApiOperation({
    summary: 'A post’s share card: the image its link previews show',
    description:
      'JPEG, 1200×630: the photo cover-cropped with its score, label, rank this week and the ' +
      'site’s name. The address the page’s `og:image` names carries the card’s version (query `v`), ' +
      'which changes with the score, label or rank: that address is cached for a year; any ' +
      'other is revalidated by its ETag. Public posts only.',
  })
  @ApiOkResponse({
    description: 'The card',
    content: { 'image/jpeg': { schema: { type: 'string', format: 'binary' } } },
  })
  @ApiNotModifiedResponse({ description: 'The card is unchanged since the `If-None-Match` ETag' })
  @Refusals({ 404: 'Post not found: missing, hidden, held for review, removed or deleted' })
  @Get('posts/:id/card.jpg')
  async card(
    @Param('id') id: string,
    @Query('v') version: unknown,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const card: ShareCard = await this.queryBus.execute(new GetShareCardQuery(id));
    response.setHeader(
      'Cache-Control',
      version === card.version ? `public, max-age=${YEAR_SECONDS}, immutable` : 'public, no-cache',
    );
    response.setHeader('ETag', `"${card.version}"`);
    if (request.fresh) {
      response.status(304).end();
      return;
    }
    response.type('image/jpeg').send(card.image);
  }
}
