import { Body, Controller, Delete, Get, Header, HttpCode, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { UserSession } from '../../application/accounts/account-reads';
import { EraseAccountCommand } from '../../application/privacy/erase-account/erase-account.command';
import { WrongErasePasswordError } from '../../application/privacy/erase-account/erase-account.handler';
import {
  type AccountExport,
  ExportAccountQuery,
} from '../../application/privacy/export-account/export-account.query';
import { SignIns } from '../auth/sign-ins';
import { SessionCookies } from '../auth/session-cookies';
import { CurrentSession, SignedIn } from '../auth/session.guard';
import { Refusals, SuccessResponse } from '../shared/openapi';
import { EraseAccountDto } from './privacy.dto';
import { RequestId } from '../shared/request-id';

export const EXPORT_FILE_NAME = 'solescore-export.json';

/** The privacy policy's rights of access and erasure over the signed-in account. */
@Controller('api/user')
export class PrivacyController {
  constructor(
    private readonly queryBus: QueryBus,
    private readonly cookies: SessionCookies,
    private readonly signIns: SignIns,
  ) {}

  /**
   * Everything the app holds about the account, as a JSON file to keep: at most
   * `EXPORT_LIMIT_PER_HOUR` a clock hour per account, read from the account's own streams.
   */
  @ApiOperation({
    summary: 'Everything the app holds about the signed-in account, as a JSON file',
    description:
      'A HEAD answers the same headers without building the file, and is not counted against the hourly downloads.',
  })
  @SignedIn()
  @ApiOkResponse({
    description: `A file (\`Content-Disposition: attachment; filename="${EXPORT_FILE_NAME}"\`): the account, its preferences, open sessions, history without secrets, posts, comments, likes, ratings given, reports, boosts and payments`,
    schema: { type: 'object', additionalProperties: true },
  })
  @Refusals({
    401: 'Not signed in',
    429: 'Downloaded too often this hour (Retry-After says when to try again)',
  })
  @Get('export')
  @Header('Cache-Control', 'no-store')
  @Header('Content-Disposition', `attachment; filename="${EXPORT_FILE_NAME}"`)
  export(
    @CurrentSession() session: UserSession,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
  ): Promise<AccountExport> | undefined {
    // A HEAD (which Express hands this route) gets the file's headers without the file: nothing
    // is read, and nothing counts against the account's downloads.
    if (request.method === 'HEAD') {
      response.type('json');
      return undefined;
    }
    return this.queryBus.execute(new ExportAccountQuery(session.userId, session.sessionId));
  }

  /**
   * Erases the account for good, with its password: its posts, comments, pictures, names and
   * sessions go, and its key is destroyed (see docs/privacy.md). Signs this browser out.
   */
  @ApiOperation({
    summary: 'Erase the signed-in account for good, with its password',
    description:
      'Its posts, comments, pictures, names and sessions go, and its key is destroyed; signs this browser out.',
  })
  @SignedIn()
  @ApiOkResponse({ type: SuccessResponse })
  @Refusals({
    400: 'No password given',
    401: 'Not signed in',
    403: 'The password is incorrect',
    429: 'Too many wrong passwords',
  })
  @Delete()
  @HttpCode(200)
  async erase(
    @Body() body: EraseAccountDto,
    @CurrentSession() session: UserSession,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<{ success: true }> {
    await this.signIns.passwordAgain(
      session.userId,
      { request, response },
      new EraseAccountCommand(session.userId, body.password, requestId),
      WrongErasePasswordError,
    );
    this.cookies.clearUser(response);
    return { success: true };
  }
}
