import { Body, Get, Header, HttpCode, Param, Post, Query } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { AdminSession } from '../../application/accounts/account-reads';
import {
  BOOST_NOT_FOUND,
  GetBoostReceiptQuery,
  NO_RECEIPT,
} from '../../application/moderation/get-boost-receipt/get-boost-receipt.query';
import { GetDisputeQuery } from '../../application/moderation/get-dispute/get-dispute.query';
import { ListBoostsQuery } from '../../application/moderation/list-boosts/list-boosts.query';
import { ListPaymentsQuery } from '../../application/moderation/list-payments/list-payments.query';
import { ResolveDisputeCommand } from '../../application/moderation/resolve-dispute/resolve-dispute.command';
import { CurrentSession } from '../auth/session.guard';
import { Refusals } from '../shared/openapi';
import { actOf, ADMIN_ONLY, AdminApi } from './admin-api';
import {
  AdminBoostsQueryDto,
  AdminPaymentsQueryDto,
  ResolveDisputeDto,
} from './admin-payments.dto';
import {
  AdminBoostPage,
  AdminPaymentPage,
  AdminPaymentResponse,
  ReceiptResponse,
  toAdminBoost,
  toAdminPayment,
} from './admin-payments.view';
import { RequestId } from '../shared/request-id';

/** Money: boosts, every payment fact Stripe told of, and the disputes an admin resolves. */
@AdminApi()
export class AdminPaymentsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @ApiOperation({
    operationId: 'Admin_boosts',
    summary:
      'Every boost with its state (unclaimed, active, expired, withdrawn; refunded: any with a refund), newest first',
  })
  @ApiOkResponse({ type: AdminBoostPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('boosts')
  @Header('Cache-Control', 'no-store')
  async boosts(@Query() query: AdminBoostsQueryDto): Promise<AdminBoostPage> {
    const page = await this.queryBus.execute(
      new ListBoostsQuery(query.status, query.userId, query.postId, query),
    );
    return { ...page, items: page.items.map(toAdminBoost) };
  }

  @ApiOperation({
    operationId: 'Admin_boostReceipt',
    summary: 'The receipt address of the charge that paid for a boost',
  })
  @ApiOkResponse({ type: ReceiptResponse })
  @Refusals({ ...ADMIN_ONLY, 404: `${BOOST_NOT_FOUND}, or: ${NO_RECEIPT}` })
  @Get('boosts/:id/receipt')
  @Header('Cache-Control', 'no-store')
  async boostReceipt(@Param('id') id: string): Promise<ReceiptResponse> {
    return { receiptUrl: await this.queryBus.execute(new GetBoostReceiptQuery(id)) };
  }

  @ApiOperation({
    operationId: 'Admin_payments',
    summary:
      'Every purchase, donation, refund and dispute Stripe told of, with amounts (cents), newest first',
  })
  @ApiOkResponse({ type: AdminPaymentPage })
  @Refusals({ ...ADMIN_ONLY, 400: 'A filter or page is malformed' })
  @Get('payments')
  @Header('Cache-Control', 'no-store')
  async payments(@Query() query: AdminPaymentsQueryDto): Promise<AdminPaymentPage> {
    const page = await this.queryBus.execute(new ListPaymentsQuery(query));
    return { ...page, items: page.items.map(toAdminPayment) };
  }

  @ApiOperation({
    operationId: 'Admin_resolveDispute',
    summary:
      'Resolve a payment dispute that suspended the buyer’s boost purchases: lift the suspension or keep it',
  })
  @ApiOkResponse({ type: AdminPaymentResponse })
  @Refusals({
    ...ADMIN_ONLY,
    400: 'liftSuspension missing, or no reason',
    404: 'Dispute not found',
    409: 'Already resolved, or the dispute suspended no account',
  })
  @Post('payments/disputes/:disputeId/resolve')
  @HttpCode(200)
  async resolveDispute(
    @CurrentSession() session: AdminSession,
    @Param('disputeId') disputeId: string,
    @Body() body: ResolveDisputeDto,
    @RequestId() requestId: string,
  ): Promise<AdminPaymentResponse> {
    await this.commandBus.execute(
      new ResolveDisputeCommand(
        actOf(session, requestId),
        disputeId,
        body.liftSuspension,
        body.reason,
      ),
    );
    return toAdminPayment(await this.queryBus.execute(new GetDisputeQuery(disputeId)));
  }
}
