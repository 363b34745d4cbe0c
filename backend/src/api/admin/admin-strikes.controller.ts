import { Body, Get, Header, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { AdminSession } from '../../application/accounts/account-reads';
import { GetUserStrikesQuery } from '../../application/moderation/get-user-strikes/get-user-strikes.query';
import { LiftPostingSuspensionCommand } from '../../application/moderation/lift-posting-suspension/lift-posting-suspension.command';
import { CurrentSession } from '../auth/session.guard';
import { Refusals } from '../shared/openapi';
import { actOf, ADMIN_ONLY, AdminApi } from './admin-api';
import { ReasonDto } from './admin-shared.dto';
import { toUserStrikes, UserStrikesResponse } from './admin-strikes.view';
import { RequestId } from '../shared/request-id';

/** An account's strikes and the posting suspensions they led to. */
@AdminApi()
export class AdminStrikesController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @ApiOperation({
    operationId: 'Admin_userStrikes',
    summary: 'An account’s strikes (with their causes) and posting suspensions',
  })
  @ApiOkResponse({ type: UserStrikesResponse })
  @Refusals({ ...ADMIN_ONLY, 404: 'User not found' })
  @Get('users/:id/strikes')
  @Header('Cache-Control', 'no-store')
  async strikes(@Param('id') id: string): Promise<UserStrikesResponse> {
    return toUserStrikes(await this.queryBus.execute(new GetUserStrikesQuery(id)));
  }

  @ApiOperation({
    operationId: 'Admin_liftPostingSuspension',
    summary: 'End an account’s posting suspension early, with a reason',
  })
  @ApiOkResponse({ type: UserStrikesResponse })
  @Refusals({
    ...ADMIN_ONLY,
    400: 'No reason, or one over 500 characters',
    404: 'User not found',
    409: 'The account is not suspended from posting',
  })
  @Post('users/:id/posting-suspension/lift')
  @HttpCode(200)
  async lift(
    @CurrentSession() session: AdminSession,
    @Param('id') id: string,
    @Body() body: ReasonDto,
    @RequestId() requestId: string,
  ): Promise<UserStrikesResponse> {
    await this.commandBus.execute(
      new LiftPostingSuspensionCommand(actOf(session, requestId), id, body.reason),
    );
    return this.strikes(id);
  }
}
