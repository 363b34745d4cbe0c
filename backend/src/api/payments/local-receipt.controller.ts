import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import type { Response } from 'express';
import {
  type LocalReceipt,
  PAYMENTS,
  type PaymentGateway,
} from '../../application/ports/payments.port';
import { dollars } from './boost.view';

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

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function receiptHtml(title: string, body: string, heading?: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escape(title)} · SoleScore</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
*{box-sizing:border-box}
body{font-family:system-ui,sans-serif;margin:0;padding:3rem 1rem;color:#111;background:#f4f4f5;line-height:1.5}
main{max-width:34rem;margin:0 auto;background:#fff;border:1px solid #e4e4e7;border-radius:.75rem;padding:2rem 2.25rem}
.brand{font-weight:700;letter-spacing:.02em;color:#1d4ed8;margin:0 0 1.5rem}
h1{font-size:1.5rem;margin:0 0 .25rem}
.lead{margin:0 0 1.5rem;color:#52525b}
dl{display:grid;grid-template-columns:1fr 1fr;gap:1rem;margin:0 0 1.5rem}
dt{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:#71717a}
dd{margin:.15rem 0 0;font-weight:600}
table{width:100%;border-collapse:collapse;margin:0 0 1.5rem}
th,td{text-align:left;padding:.6rem 0;border-bottom:1px solid #e4e4e7}
thead th{font-size:.8rem;text-transform:uppercase;letter-spacing:.05em;color:#71717a;font-weight:600}
tfoot th,tfoot td{border-bottom:0;font-weight:700;font-size:1.1rem}
.num{text-align:right;font-variant-numeric:tabular-nums}
.note{color:#52525b;font-size:.9rem;margin:0 0 .5rem}
.hint{color:#71717a;font-size:.85rem;margin:0}
.nowrap{white-space:nowrap}
@media print{
body{background:#fff;padding:0}
main{border:0;border-radius:0;max-width:none;padding:0}
.brand{color:#111}
.hint{display:none}
}
</style>
</head>
<body>
<main>
<p class="brand">SoleScore</p>
<h1>${heading ?? escape(title)}</h1>
${body}
</main>
</body>
</html>`;
}
