import { Body, Get, Header, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { type Command, CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { AdminSession } from '../../application/accounts/account-reads';
import { BanUserCommand } from '../../application/moderation/ban-user/ban-user.command';
import { ClearProfileFieldsCommand } from '../../application/moderation/clear-profile-fields/clear-profile-fields.command';
import { GetAdminUserQuery } from '../../application/moderation/get-admin-user/get-admin-user.query';
import { LiftRestrictionCommand } from '../../application/moderation/lift-restriction/lift-restriction.command';
import { ListReportsQuery } from '../../application/moderation/list-reports/list-reports.query';
import { ListUsersQuery } from '../../application/moderation/list-users/list-users.query';
import { SetUserAdminCommand } from '../../application/moderation/set-user-admin/set-user-admin.command';
import { SuspendUserCommand } from '../../application/moderation/suspend-user/suspend-user.command';
import { CurrentSession } from '../auth/session.guard';
import { Refusals } from '../shared/openapi';
import { actOf, ADMIN_ONLY, AdminApi } from './admin-api';
import { AdminReportPage, toAdminReport } from './admin-reports.view';
import { AdminPageQueryDto, OptionalReasonDto, ReasonDto } from './admin-shared.dto';
import { AdminUsersQueryDto, ClearProfileFieldsDto, PatchUserDto } from './admin-users.dto';
import { AdminUserPage, AdminUserResponse, toAdminUser } from './admin-users.view';
import { RequestId } from '../shared/request-id';

/** Member accounts: searched, suspended, banned, lifted, flagged as staff, profiles cleared. */
@AdminApi()
export class AdminUsersController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  /** Runs an action on an account and answers the account as it is after it. */
  private async acted(userId: string, command: Command<void>): Promise<AdminUserResponse> {
    await this.commandBus.execute(command);
    return toAdminUser(await this.queryBus.execute(new GetAdminUserQuery(userId)));
  }

  @ApiOperation({
    operationId: 'Admin_users',
    summary: 'Accounts, newest first, searched by email or name',
  })
  @ApiOkResponse({ type: AdminUserPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('users')
  @Header('Cache-Control', 'no-store')
  async users(@Query() query: AdminUsersQueryDto): Promise<AdminUserPage> {
    const page = await this.queryBus.execute(new ListUsersQuery(query.search, query.status, query));
    return { ...page, items: page.items.map(toAdminUser) };
  }

  @ApiOperation({ operationId: 'Admin_userReports', summary: 'Reports against an account’s posts' })
  @ApiOkResponse({ type: AdminReportPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A page is malformed' })
  @Get('users/:id/reports')
  @Header('Cache-Control', 'no-store')
  async userReports(
    @Param('id') id: string,
    @Query() query: AdminPageQueryDto,
  ): Promise<AdminReportPage> {
    const page = await this.queryBus.execute(new ListReportsQuery('all', undefined, id, query));
    return { ...page, items: page.items.map(toAdminReport) };
  }

  @ApiOperation({
    operationId: 'Admin_patchUser',
    summary: 'Give or take the staff flag ({ isAdmin })',
  })
  @ApiOkResponse({ type: AdminUserResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'isAdmin is not a boolean', 404: 'User not found' })
  @Patch('users/:id')
  patchUser(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: PatchUserDto,
    @RequestId() requestId: string,
  ): Promise<AdminUserResponse> {
    return this.acted(id, new SetUserAdminCommand(actOf(session, requestId), id, body.isAdmin));
  }

  @ApiOperation({
    operationId: 'Admin_suspend',
    summary: 'Suspend an account (sessions end, sign-in refused)',
  })
  @ApiOkResponse({ type: AdminUserResponse })
  @Refusals({
    ...ADMIN_ONLY,
    400: 'No reason',
    404: 'User not found',
    409: 'Already suspended or banned',
  })
  @Post('users/:id/suspend')
  @HttpCode(200)
  suspend(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: ReasonDto,
    @RequestId() requestId: string,
  ): Promise<AdminUserResponse> {
    return this.acted(id, new SuspendUserCommand(actOf(session, requestId), id, body.reason));
  }

  @ApiOperation({
    operationId: 'Admin_ban',
    summary: 'Ban an account (sessions end, sign-in refused, posts and comments hidden)',
  })
  @ApiOkResponse({ type: AdminUserResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'No reason', 404: 'User not found', 409: 'Already banned' })
  @Post('users/:id/ban')
  @HttpCode(200)
  ban(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: ReasonDto,
    @RequestId() requestId: string,
  ): Promise<AdminUserResponse> {
    return this.acted(id, new BanUserCommand(actOf(session, requestId), id, body.reason));
  }

  @ApiOperation({ operationId: 'Admin_lift', summary: 'Lift a suspension or a ban' })
  @ApiOkResponse({ type: AdminUserResponse })
  @Refusals({ ...ADMIN_ONLY, 404: 'User not found', 409: 'Neither suspended nor banned' })
  @Post('users/:id/lift')
  @HttpCode(200)
  lift(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: OptionalReasonDto,
    @RequestId() requestId: string,
  ): Promise<AdminUserResponse> {
    return this.acted(
      id,
      new LiftRestrictionCommand(actOf(session, requestId), id, body.reason ?? null),
    );
  }

  @ApiOperation({
    operationId: 'Admin_clearProfile',
    summary:
      'Clear fields of an account’s public profile (display name, bio, a social link, picture), audited',
  })
  @ApiOkResponse({ type: AdminUserResponse })
  @Refusals({ ...ADMIN_ONLY, 400: 'No reason, or an unknown field', 404: 'User not found' })
  @Post('users/:id/profile/clear')
  @HttpCode(200)
  clearProfile(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: ClearProfileFieldsDto,
    @RequestId() requestId: string,
  ): Promise<AdminUserResponse> {
    return this.acted(
      id,
      new ClearProfileFieldsCommand(actOf(session, requestId), id, body.fields, body.reason),
    );
  }
}
