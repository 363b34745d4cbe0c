import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  type LocalReceipt,
  PAYMENTS,
  type PaymentGateway,
} from '../../application/ports/payments.port';
import { dollars } from './boost.view';
import { escapeHtml as escape, serverPageHtml } from './server-page';

/**
 * The receipts of the local checkout (no STRIPE_SECRET_KEY), standing in for the receipt page
 * Stripe hosts for a charge: a printable page at the unguessable address the payment was given.
 * The address is the key (as Stripe's is), so the page is never cached, indexed or sent on as
 * a referrer. With Stripe every id answers 404. Left out of the api description.
 */
@ApiExcludeController()
@Controller('receipts')
export class LocalReceiptController {
  constructor(@Inject(PAYMENTS) private readonly gateway: PaymentGateway) {}

  @Get(':receiptId')
  page(@Param('receiptId') receiptId: string, @Res() response: Response): void {
    const receipt = this.gateway.localCheckout?.receipt(receiptId) ?? null;
    response.setHeader('Cache-Control', 'private, no-store');
    response.setHeader('Referrer-Policy', 'no-referrer');
    response.setHeader('X-Robots-Tag', 'noindex, nofollow');
    if (!receipt) {
      response
        .status(404)
        .type('html')
        .send(receiptHtml('Receipt not found', '<p>There is no receipt at this address.</p>'));
      return;
    }
    const number = escape(receipt.receiptNumber);
    response
      .type('html')
      .send(
        receiptHtml(
          `Receipt ${receipt.receiptNumber}`,
          receiptBody(receipt),
          `Receipt <span class="nowrap">${number}</span>`,
        ),
      );
  }
}

function receiptBody(receipt: LocalReceipt): string {
  const amount = `$${dollars(receipt.amount)} ${receipt.currency.toUpperCase()}`;
  const paidAt = new Date(receipt.paidAt);
  const date = Number.isNaN(paidAt.getTime())
    ? receipt.paidAt
    : `${paidAt.toLocaleDateString('en-GB', {
        day: 'numeric',
        month: 'long',
        year: 'numeric',
        timeZone: 'UTC',
      })}, ${paidAt.toISOString().slice(11, 16)} UTC`;
  return `<p class="lead">Thank you for your purchase.</p>
<dl>
<div><dt>Receipt number</dt><dd class="nowrap">${escape(receipt.receiptNumber)}</dd></div>
<div><dt>Date paid</dt><dd><time datetime="${escape(receipt.paidAt)}">${escape(date)}</time></dd></div>
</dl>
<table>
<thead><tr><th scope="col">Item</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody><tr><td>${escape(receipt.itemName)}</td><td class="num">${escape(amount)}</td></tr></tbody>
<tfoot><tr><th scope="row">Amount paid</th><td class="num">${escape(amount)}</td></tr></tfoot>
</table>
<p class="note">Paid through the test checkout: no card was charged and no money moved.</p>
<p class="hint">To keep a copy, print this page or save it as a PDF from your browser.</p>`;
}

function receiptHtml(title: string, body: string, heading?: string): string {
  return serverPageHtml({ title, body, heading, noindex: true });
}
