import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { PayLocalCheckoutCommand } from '../../application/payments/pay-local-checkout/pay-local-checkout.command';
import { PAYMENTS, type PaymentGateway } from '../../application/ports/payments.port';
import { dollars } from './boost.view';
import { escapeHtml as escape, serverPageHtml } from './server-page';

/**
 * The local checkout page (no STRIPE_SECRET_KEY): a small server-rendered page, not part of
 * the api, standing in for Stripe's hosted checkout. Left out of the api description.
 */
@ApiExcludeController()
@Controller('checkout')
export class LocalCheckoutController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(PAYMENTS) private readonly gateway: PaymentGateway,
  ) {}

  @Get(':sessionId')
  page(@Param('sessionId') sessionId: string, @Res() response: Response): void {
    const page = this.gateway.localCheckout?.page(sessionId) ?? null;
    response.setHeader('Cache-Control', 'no-store');
    if (!page) {
      response
        .status(404)
        .type('html')
        .send(html('Checkout not found', '<p>This checkout does not exist.</p>'));
      return;
    }
    const price = `$${dollars(page.amount)}`;
    const body = page.paid
      ? `<p>This checkout is already paid.</p>
<p class="actions"><a class="button" href="${escape(page.successUrl)}">Continue</a></p>`
      : `<p class="item">${escape(page.itemName)}</p>
<p class="price">${price} <span>${escape(page.currency.toUpperCase())}</span></p>
<p class="note">Test checkout: no card is asked for and no money moves.</p>
<div class="actions">
<form method="post" action="/checkout/${escape(page.sessionId)}/pay">
  <button class="button" type="submit">Pay ${price}</button>
</form>
<a class="button outline" href="${escape(page.cancelUrl)}">Cancel</a>
</div>`;
    response.type('html').send(html('Test checkout', body));
  }

  @Post(':sessionId/pay')
  @HttpCode(303)
  async pay(@Param('sessionId') sessionId: string, @Res() response: Response): Promise<void> {
    const { successUrl } = await this.commandBus.execute<
      PayLocalCheckoutCommand,
      { successUrl: string }
    >(new PayLocalCheckoutCommand(sessionId));
    response.redirect(303, successUrl);
  }
}

function html(title: string, body: string): string {
  return serverPageHtml({ title, body });
}
