import { Body, Controller, Get, Header, HttpCode, Post, Req, Res } from '@nestjs/common';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AdminSession } from '../../application/accounts/account-reads';
import {
  AdminLogInCommand,
  InvalidAdminLoginError,
} from '../../application/admin-auth/admin-log-in/admin-log-in.command';
import { AdminLogOutCommand } from '../../application/admin-auth/admin-log-out/admin-log-out.command';
import { adminThrottleAccount } from '../auth/login-throttle';
import { SignIns } from '../auth/sign-ins';
import { Refusals, setsCookie, SuccessResponse } from '../shared/openapi';
import { AdminLoginDto } from './admin-auth.dto';
import { AdminResponse } from './admin.view';
import { AdminSignedIn, CurrentSession, OptionalAdminSession } from '../auth/session.guard';
import { RequestId } from '../shared/request-id';
import { AdminEntryMarks } from './admin-entry-marks';

/** The admin area's own sign-in, with its own cookie (`admin_sid`) and sessions. */
@Controller('api/rtm-sys')
export class AdminAuthController {
  constructor(
    private readonly signIns: SignIns,
    private readonly entryMarks: AdminEntryMarks,
  ) {}

  @ApiOperation({ summary: 'Admin sign-in' })
  @ApiOkResponse({
    type: AdminResponse,
    headers: setsCookie(
      'Starts the admin session (`admin_sid=…; HttpOnly; SameSite=Lax; Path=/api/rtm-sys`) and remembers this browser for the admin (`known_browser`, kept to this route: a random secret per browser and admin, forgotten when the admin gets a new password or is disabled): a remembered browser is let through the admin’s failed-sign-in limits; and marks the browser as one that may be sent to the sign-in page by `/api/rtm-sys/entry` (`admin_entry`, HttpOnly, SameSite=Strict, kept to that route, 400 days)',
    ),
  })
  @Refusals({
    400: 'The username or password is missing or malformed',
    401: 'Wrong username or password',
    429: 'Too many failed sign-ins for this admin or address (a browser that signed in to this admin before passes the admin’s limits)',
  })
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() body: AdminLoginDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<AdminResponse> {
    const { admin } = await this.signIns.signIn(
      'admin',
      { counterKey: adminThrottleAccount(body.username), identifier: body.username },
      { request, response },
      (rememberedBrowserHash) =>
        new AdminLogInCommand(body.username, body.password, requestId, rememberedBrowserHash),
      InvalidAdminLoginError,
    );
    // From now on this browser's way into the admin area leads to the sign-in page.
    this.entryMarks.issue(response);
    return admin;
  }

  @ApiOperation({ summary: 'The signed-in admin' })
  @AdminSignedIn()
  @ApiOkResponse({ type: AdminResponse })
  @Refusals({ 401: 'No admin session (a user session does not count)' })
  @Get('me')
  @Header('Cache-Control', 'no-store')
  me(@CurrentSession() session: AdminSession): AdminResponse {
    return { id: session.adminId, username: session.admin.username };
  }

  @ApiOperation({ summary: 'Admin sign-out (ends this browser’s admin session, if any)' })
  @OptionalAdminSession()
  @ApiOkResponse({ type: SuccessResponse, headers: setsCookie('Clears `admin_sid`') })
  @Post('logout')
  @HttpCode(200)
  logout(
    @CurrentSession() session: AdminSession | null,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<{ success: true }> {
    const endSession =
      session && new AdminLogOutCommand(session.adminId, session.sessionId, requestId);
    return this.signIns.signOut('admin', response, endSession);
  }
}
