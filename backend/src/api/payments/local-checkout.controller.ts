import { Controller, Get, HttpCode, Inject, Param, Post, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import { PayLocalCheckoutCommand } from '../../application/payments/pay-local-checkout/pay-local-checkout.command';
import { PAYMENTS, type PaymentGateway } from '../../application/ports/payments.port';
import { dollars } from './boost.view';

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
      ? `<p>This checkout is already paid.</p><p><a href="${escape(page.successUrl)}">Continue</a></p>`
      : `<p class="item">${escape(page.itemName)}</p>
<p class="price">${price} <span>${escape(page.currency.toUpperCase())}</span></p>
<p class="note">Test checkout: no card is asked for and no money moves.</p>
<form method="post" action="/checkout/${escape(page.sessionId)}/pay">
  <button type="submit">Pay ${price}</button>
</form>
<p><a href="${escape(page.cancelUrl)}">Cancel</a></p>`;
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

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function html(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#111;background:#fff}
@media (prefers-color-scheme:dark){body{color:#eee;background:#111}a{color:#9cf}}
.item{font-size:1.2rem;font-weight:600}.price{font-size:2rem;margin:.5rem 0}.price span{font-size:1rem}
.note{color:#555}@media (prefers-color-scheme:dark){.note{color:#bbb}}
button{font:inherit;font-size:1.1rem;padding:.7rem 1.4rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #f59e0b;outline-offset:2px}
</style>
</head>
<body>
<main>
<h1>${escape(title)}</h1>
${body}
</main>
</body>
</html>`;
}
