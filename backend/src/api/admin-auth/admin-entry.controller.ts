import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import { NotFoundError } from '../../domain/shared/errors';
import { Refusals } from '../shared/openapi';
import { AdminEntryMarks } from './admin-entry-marks';

/**
 * The way into the admin area without the frontend knowing where the sign-in page is (the SPA's
 * `/rtm-sys` route and an admin logging out send the browser here). A browser with an
 * `admin_entry` mark (AdminEntryMarks) is redirected to ADMIN_LOGIN_PATH; any other gets 404, so
 * the entry does not hand the hidden path to whoever asks (a deliberate departure from the spec's
 * admin entry line: docs/admin.md). Never cached.
 */
@Controller('api/rtm-sys')
export class AdminEntryController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly marks: AdminEntryMarks,
  ) {}

  @ApiOperation({
    summary: 'The way into the admin area: a redirect to the admin sign-in page',
    description:
      'Only for a browser that has signed in as an admin before (the `admin_entry` cookie the admin sign-in sets); any other gets 404. The sign-in page is a page of the site, not an api route; its address is configuration that only the server knows and is deliberately left out of this document (see docs/api.md).',
  })
  @ApiFoundResponse({
    description: 'Redirect to the admin sign-in page; no body, never cached',
    headers: {
      Location: { description: 'The admin sign-in page', schema: { type: 'string' } },
    },
  })
  @Refusals({ 404: 'The browser has not signed in as an admin before' })
  @Get('entry')
  entry(@Req() request: Request, @Res() response: Response): void {
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('X-Robots-Tag', 'noindex, nofollow');
    if (!this.marks.recognises(request)) throw new NotFoundError('Not found');
    response.status(302).location(this.config.adminLoginPath).end();
  }
}
