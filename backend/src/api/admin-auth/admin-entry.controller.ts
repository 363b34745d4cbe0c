import { Controller, Get, Inject, Res } from '@nestjs/common';
import { ApiFoundResponse, ApiOperation } from '@nestjs/swagger';
import type { Response } from 'express';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';

/**
 * The way into the admin area without the frontend knowing where the sign-in page is: the SPA's
 * `/rtm-sys` route, and an admin logging out, send the browser here, and this answers a redirect
 * to ADMIN_LOGIN_PATH. The answer has no body and is never cached.
 */
@Controller('api/rtm-sys')
export class AdminEntryController {
  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  @ApiOperation({
    summary: 'The way into the admin area: a redirect to the admin sign-in page',
    description:
      'The sign-in page is a page of the site, not an api route; its address is configuration that only the server knows and is deliberately left out of this document (see docs/api.md).',
  })
  @ApiFoundResponse({
    description: 'Redirect to the admin sign-in page; no body, never cached',
    headers: {
      Location: { description: 'The admin sign-in page', schema: { type: 'string' } },
    },
  })
  @Get('entry')
  entry(@Res() response: Response): void {
    response.setHeader('Cache-Control', 'no-store');
    response.setHeader('X-Robots-Tag', 'noindex, nofollow');
    response.status(302).location(this.config.adminLoginPath).end();
  }
}
