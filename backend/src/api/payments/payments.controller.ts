import {
  Body,
  Controller,
  Get,
  Header,
  Headers,
  HttpCode,
  Inject,
  Param,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes, ApiHeader, ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { UserSession } from '../../application/accounts/account-reads';
import { ApplyBoostCommand } from '../../application/payments/apply-boost/apply-boost.command';
import { ConfirmCheckoutCommand } from '../../application/payments/confirm-checkout/confirm-checkout.command';
import { GetPostBoostQuery } from '../../application/payments/get-post-boost/get-post-boost.query';
import { ListOwnPurchasesQuery } from '../../application/payments/list-own-purchases/list-own-purchases.query';
import { GetUnclaimedBoostsQuery } from '../../application/payments/get-unclaimed-boosts/get-unclaimed-boosts.query';
import { IngestStripeWebhookCommand } from '../../application/payments/ingest-stripe-event/ingest-stripe-event.command';
import { StartBoostCheckoutCommand } from '../../application/payments/start-boost-checkout/start-boost-checkout.command';
import { StartDonationCheckoutCommand } from '../../application/payments/start-donation-checkout/start-donation-checkout.command';
import { CLOCK, type Clock } from '../../application/shared/clock';
import { ACCOUNT_REQUIRED_TO_BOOST } from '../auth/member-actions';
import {
  CurrentSession,
  OptionalUserSession,
  SignedIn,
  VerifiedMember,
} from '../auth/session.guard';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';
import { RepeatableWriteLimit } from '../shared/write-limits';
import { Refusals } from '../shared/openapi';
import {
  AppliedBoostResponse,
  CheckoutConfirmationResponse,
  CheckoutUrlResponse,
  dollars,
  PostBoostResponse,
  PostCheckoutUrlResponse,
  toBoostResponse,
  toPostBoostResponse,
  UnclaimedBoostsResponse,
  WebhookReceivedResponse,
} from './boost.view';
import {
  BoostCheckoutDto,
  ConfirmCheckoutDto,
  DonationCheckoutDto,
  PurchasesQueryDto,
} from './payments.dto';
import { PurchasesPageResponse, toPurchasesPage } from './purchases.view';
import { RequestId } from '../shared/request-id';

const BOOST_REFUSALS = {
  401: 'Not signed in ("Account required to boost posts")',
  403: 'The email is not verified yet, or boost purchases are suspended by a payment dispute',
  429: 'Too many checkouts from this account or address this hour',
  503: 'The payment provider is unavailable',
} as const;

/** Boosts and donations: Stripe Checkout, its webhook, the return page's confirmation. */
@Controller('api')
export class PaymentsController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
  ) {}

  @ApiOperation({
    summary: 'Buy a boost for the account (unclaimed until applied): start a checkout',
    description: 'Prices come from the server: regular $1.99 for 24 hours, mega $9.99 for 7 days.',
  })
  @VerifiedMember('boost')
  @ApiOkResponse({ type: CheckoutUrlResponse })
  @Refusals({ 400: 'boostType is not regular or mega', ...BOOST_REFUSALS })
  @Post('boost/checkout')
  @HttpCode(200)
  async boostCheckout(
    @Body() body: BoostCheckoutDto,
    @CurrentSession() session: UserSession,
    @Req() request: Request,
    @RequestId() requestId: string,
  ): Promise<CheckoutUrlResponse> {
    const { userId } = session;
    return this.commandBus.execute(
      new StartBoostCheckoutCommand(
        userId,
        body.boostType,
        null,
        this.identity.visitorKey(request),
        requestId,
      ),
    );
  }

  @ApiOperation({ summary: 'Buy a boost that applies itself to the post on payment' })
  @VerifiedMember('boost')
  @ApiOkResponse({ type: PostCheckoutUrlResponse })
  @Refusals({
    400: 'boostType is not regular or mega',
    ...BOOST_REFUSALS,
    403: 'Not the owner of the post, the email is not verified, or purchases are suspended',
    404: 'Post not found',
    409: 'The post has an active boost, or is not on the leaderboard (hidden or held)',
  })
  @Post('posts/:id/boost')
  @HttpCode(200)
  async postBoostCheckout(
    @Param('id') postId: string,
    @Body() body: BoostCheckoutDto,
    @CurrentSession() session: UserSession,
    @Req() request: Request,
    @RequestId() requestId: string,
  ): Promise<PostCheckoutUrlResponse> {
    const { userId } = session;
    const { url } = await this.commandBus.execute(
      new StartBoostCheckoutCommand(
        userId,
        body.boostType,
        postId,
        this.identity.visitorKey(request),
        requestId,
      ),
    );
    return { checkoutUrl: url };
  }

  @ApiOperation({ summary: 'Donate: start a checkout for an amount in cents ($1 to $1,000)' })
  @OptionalUserSession()
  @ApiOkResponse({ type: CheckoutUrlResponse })
  @Refusals({
    400: 'Please enter an amount between $1 and $1,000',
    429: 'Too many checkouts from this address this hour',
    503: 'The payment provider is unavailable',
  })
  @Post('donations/checkout')
  @HttpCode(200)
  donationCheckout(
    @Body() body: DonationCheckoutDto,
    @CurrentSession() session: UserSession | null,
    @Req() request: Request,
    @RequestId() requestId: string,
  ): Promise<CheckoutUrlResponse> {
    return this.commandBus.execute(
      new StartDonationCheckoutCommand(
        body.amount,
        session?.userId ?? null,
        this.identity.visitorKey(request),
        requestId,
      ),
    );
  }

  @ApiOperation({ summary: 'The signed-in user’s unused boosts, oldest (next to apply) first' })
  @SignedIn(ACCOUNT_REQUIRED_TO_BOOST)
  @ApiOkResponse({ type: UnclaimedBoostsResponse })
  @Refusals({ 401: 'Not signed in' })
  @Get('boosts/unclaimed')
  @Header('Cache-Control', 'no-store')
  async unclaimed(@CurrentSession() session: UserSession): Promise<UnclaimedBoostsResponse> {
    const found = await this.queryBus.execute(new GetUnclaimedBoostsQuery(session.userId));
    const now = this.clock.now();
    return {
      count: found.count,
      boost: found.boost ? toBoostResponse(found.boost, now) : null,
      boosts: found.boosts.map((boost) => toBoostResponse(boost, now)),
    };
  }

  @ApiOperation({
    summary: 'The signed-in user’s own boosts and donations, newest first, with state and receipt',
  })
  @SignedIn()
  @ApiOkResponse({ type: PurchasesPageResponse })
  @Refusals({ 400: 'page or pageSize is malformed', 401: 'Not signed in' })
  @Get('user/purchases')
  @Header('Cache-Control', 'no-store')
  async purchases(
    @Query() query: PurchasesQueryDto,
    @CurrentSession() session: UserSession,
  ): Promise<PurchasesPageResponse> {
    return toPurchasesPage(
      await this.queryBus.execute(
        new ListOwnPurchasesQuery(session.userId, query.page, query.pageSize),
      ),
    );
  }

  @ApiOperation({ summary: 'Apply the oldest unused boost to one of the user’s posts' })
  @VerifiedMember('boost')
  @ApiOkResponse({ type: AppliedBoostResponse })
  @Refusals({
    401: 'Not signed in',
    403: 'Not the owner of the post, or the email is not verified',
    404: 'Post not found',
    409: 'The post has an active boost or is not on the leaderboard, or there is no unused boost',
    429: 'Too many boost requests from this account or address (Retry-After says when to try again)',
  })
  @Post('posts/:id/apply-boost')
  @RepeatableWriteLimit('boostApply')
  @HttpCode(200)
  applyBoost(
    @Param('id') postId: string,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ): Promise<AppliedBoostResponse> {
    const { userId } = session;
    return this.commandBus.execute(new ApplyBoostCommand(userId, postId, requestId));
  }

  @ApiOperation({
    summary: 'The boost running on a post, or null',
    description:
      'Everyone sees which boost runs and until when; the buyer also sees the purchase (id, price, payment id).',
  })
  @OptionalUserSession()
  @ApiOkResponse({ type: PostBoostResponse, description: 'null when no boost runs' })
  @Refusals({ 404: 'Post not found' })
  @Get('posts/:id/boost')
  @Header('Cache-Control', 'no-store')
  async postBoost(
    @Param('id') postId: string,
    @CurrentSession() session: UserSession | null,
    @Res() response: Response,
  ): Promise<void> {
    const viewerId = session?.userId ?? null;
    const boost = await this.queryBus.execute(new GetPostBoostQuery(postId, viewerId));
    // A JSON `null` when no boost runs (Nest would send an empty body).
    response
      .type('json')
      .send(JSON.stringify(boost ? toPostBoostResponse(boost, viewerId, this.clock.now()) : null));
  }

  @ApiOperation({
    summary: 'The return page: ask the provider about a checkout and fulfil it if paid',
    description:
      'Idempotent with the webhook: whichever comes first fulfils the session, once. Answers once the purchase shows in the read models.',
  })
  @ApiOkResponse({ type: CheckoutConfirmationResponse })
  @Refusals({
    400: 'No valid session id',
    404: 'Checkout session not found',
    429: 'Too many payment checks from this address (or account), each a question to the provider',
    503: 'The payment provider is unavailable',
  })
  @Post('checkout/confirm')
  @OptionalUserSession()
  @RepeatableWriteLimit('checkoutConfirm')
  @HttpCode(200)
  async confirm(
    @Body() body: ConfirmCheckoutDto,
    @RequestId() requestId: string,
  ): Promise<CheckoutConfirmationResponse> {
    const confirmed = await this.commandBus.execute(
      new ConfirmCheckoutCommand(body.sessionId, requestId),
    );
    return {
      status: confirmed.status,
      kind: confirmed.kind,
      ...(confirmed.boostType ? { boostType: confirmed.boostType } : {}),
      ...(confirmed.postId ? { postId: confirmed.postId } : {}),
      amount: dollars(confirmed.amount),
      ...(confirmed.receiptUrl ? { receiptUrl: confirmed.receiptUrl } : {}),
      ...(confirmed.appliedToPost === null ? {} : { appliedToPost: confirmed.appliedToPost }),
    };
  }

  @ApiOperation({
    summary: 'Stripe’s webhook: payment events, verified by their signature',
    description:
      'Each Stripe event id takes effect once; redeliveries (even in parallel) answer 200 and change nothing. Unknown event types are acknowledged and ignored.',
  })
  @ApiHeader({ name: 'Stripe-Signature', required: true })
  @ApiConsumes('application/json')
  @ApiBody({ schema: { type: 'object', description: 'A Stripe event, read as raw bytes' } })
  @ApiOkResponse({ type: WebhookReceivedResponse })
  @Refusals({ 400: 'Invalid webhook signature (nothing is recorded)' })
  @Post('stripe/webhook')
  @HttpCode(200)
  async webhook(
    @Req() request: Request,
    @Headers('stripe-signature') signature: string | undefined,
  ): Promise<WebhookReceivedResponse> {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    await this.commandBus.execute(new IngestStripeWebhookCommand(raw, signature));
    return { received: true };
  }
}
