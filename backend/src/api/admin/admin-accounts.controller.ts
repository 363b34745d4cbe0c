import { Body, Get, Header, HttpCode, Param, Post, Query, Req, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { AdminSession } from '../../application/accounts/account-reads';
import {
  type ActingAdmin,
  WrongAdminPasswordError,
} from '../../application/admin-accounts/admin-credentials';
import { CreateAdminCommand } from '../../application/admin-accounts/create-admin/create-admin.command';
import { DisableAdminCommand } from '../../application/admin-accounts/disable-admin/disable-admin.command';
import { ListAdminsQuery } from '../../application/admin-accounts/list-admins/list-admins.query';
import { SetAdminPasswordCommand } from '../../application/admin-accounts/set-admin-password/set-admin-password.command';
import { CurrentSession } from '../auth/session.guard';
import { LoginThrottle } from '../auth/login-throttle';
import { IdResponse, Refusals, SuccessResponse } from '../shared/openapi';
import { ADMIN_ONLY, AdminApi } from './admin-api';
import { AdminPasswordDto, CreateAdminDto, DisableAdminDto } from './admin-accounts.dto';
import { AdminAccountPage, toAdminAccount } from './admin-accounts.view';
import { AdminPageQueryDto } from './admin-shared.dto';
import { RequestId } from '../shared/request-id';

const REAUTHENTICATION = {
  400: 'Your current password is missing or incorrect (it counts as a failed sign-in)',
  429: 'Too many failed sign-ins or wrong current passwords for this admin or address',
};

/**
 * The admins themselves. Every change to an admin account asks the acting admin's password
 * again (`currentPassword`), so a stolen 12-hour admin session alone cannot make itself a
 * permanent way in; a wrong one counts as a failed sign-in of that admin.
 */
@AdminApi('admins')
export class AdminAccountsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly throttle: LoginThrottle,
  ) {}

  /** Runs a change with the acting admin re-authenticated, counted like its sign-in. */
  private reauthenticated<T>(
    session: AdminSession,
    currentPassword: string,
    http: { request: Request; response: Response },
    run: (acting: ActingAdmin) => Promise<T>,
  ): Promise<T> {
    const acting = { adminId: session.adminId, sessionId: session.sessionId, currentPassword };
    return this.throttle.adminSessionPassword(
      { username: session.admin.username, sessionId: session.sessionId },
      http,
      () => run(acting),
      (error) => error instanceof WrongAdminPasswordError,
    );
  }

  @ApiOperation({ summary: 'Admins' })
  @ApiOkResponse({ type: AdminAccountPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A page is malformed' })
  @Get()
  @Header('Cache-Control', 'no-store')
  async admins(@Query() query: AdminPageQueryDto): Promise<AdminAccountPage> {
    const page = await this.queryBus.execute(new ListAdminsQuery(query));
    return { ...page, items: page.items.map(toAdminAccount) };
  }

  @ApiOperation({ summary: 'Create an admin (with the acting admin’s current password)' })
  @ApiOkResponse({ type: IdResponse })
  @Refusals({
    ...ADMIN_ONLY,
    ...REAUTHENTICATION,
    400: `Bad username or password; ${REAUTHENTICATION[400]}`,
    409: 'Username taken',
  })
  @Post()
  @HttpCode(200)
  async createAdmin(
    @CurrentSession() session: AdminSession,
    @Body() body: CreateAdminDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<IdResponse> {
    const id = await this.reauthenticated(
      session,
      body.currentPassword,
      { request, response },
      (acting) =>
        this.commandBus.execute(
          new CreateAdminCommand(acting, body.username, body.password, requestId),
        ),
    );
    return { id };
  }

  @ApiOperation({
    summary:
      'Disable an admin (with the acting admin’s current password; never oneself, never the last active admin: decided one at a time on the admin roster)',
  })
  @ApiOkResponse({ type: SuccessResponse })
  @Refusals({
    ...ADMIN_ONLY,
    ...REAUTHENTICATION,
    403: 'You cannot disable your own admin account, or yours was disabled meanwhile',
    404: 'Admin not found',
    409: 'The last active admin, or already disabled',
  })
  @Post(':id/disable')
  @HttpCode(200)
  async disableAdmin(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: DisableAdminDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<SuccessResponse> {
    await this.reauthenticated(session, body.currentPassword, { request, response }, (acting) =>
      this.commandBus.execute(new DisableAdminCommand(acting, id, body.reason ?? null, requestId)),
    );
    return { success: true };
  }

  @ApiOperation({
    summary:
      'Set an admin’s password, one’s own included (with the acting admin’s current password); that admin’s sessions end, except the one changing its own',
  })
  @ApiOkResponse({ type: SuccessResponse })
  @Refusals({
    ...ADMIN_ONLY,
    ...REAUTHENTICATION,
    400: `Password of 12 to 256 characters; ${REAUTHENTICATION[400]}`,
    401: 'No admin session, or one’s own password was changed meanwhile',
    404: 'Admin not found',
  })
  @Post(':id/password')
  @HttpCode(200)
  async resetAdminPassword(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: AdminPasswordDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<SuccessResponse> {
    await this.reauthenticated(session, body.currentPassword, { request, response }, (acting) =>
      this.commandBus.execute(new SetAdminPasswordCommand(acting, id, body.password, requestId)),
    );
    return { success: true };
  }
}
