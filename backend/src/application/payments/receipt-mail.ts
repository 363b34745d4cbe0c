import { BOOST_PRICES, type BoostType } from '../../domain/boost/boost.decider';
import { layout } from '../accounts/account-mails';
import type { MailMessage } from '../ports/mail.port';
import { escapeHtml } from '../shared/escape-html';

const APP_NAME = 'SoleScore';

/** What was bought, for how much, when, and the receipt's reference. */
export interface ReceiptFacts {
  item: BoostType | 'donation';
  /** Integer cents. */
  amount: number;
  currency: string;
  paidAt: string;
  /** The number on the receipt (Stripe's `receipt_number`, or the local checkout's). */
  receiptNumber: string | null;
  /** The receipt's own page (Stripe's, or the local checkout's `/receipts/{id}`). */
  receiptUrl: string | null;
}

/** "$1.99" for dollars; "12.50 EUR" for any other currency. */
export function formattedAmount(cents: number, currency: string): string {
  const amount = (cents / 100).toFixed(2);
  return currency.toLowerCase() === 'usd' ? `$${amount}` : `${amount} ${currency.toUpperCase()}`;
}

/** "18 November 2026, 14:05 UTC". */
function paidOn(at: string): string {
  const date = new Date(at);
  if (Number.isNaN(date.getTime())) return at;
  const day = date.toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const time = date.toLocaleTimeString('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'UTC',
  });
  return `${day}, ${time} UTC`;
}

/**
 * The receipt of a boost or a donation, mailed to the buyer's account address: what was bought,
 * the amount, the date and the receipt's number and link. It is a transactional mail (the
 * notification switches do not turn it off).
 */
export function receiptMail(publicUrl: string, to: string, receipt: ReceiptFacts): MailMessage {
  const item = receipt.item === 'donation' ? 'Donation' : BOOST_PRICES[receipt.item].name;
  const amount = formattedAmount(receipt.amount, receipt.currency);
  const rows: [string, string][] = [
    ['Item', item],
    ['Amount', amount],
    ['Date', paidOn(receipt.paidAt)],
    ['Receipt number', receipt.receiptNumber ?? 'not given by the payment provider'],
  ];
  const thanks =
    receipt.item === 'donation'
      ? `Thank you for supporting ${APP_NAME}. This is your receipt.`
      : `Thank you for your purchase on ${APP_NAME}. This is your receipt.`;
  const after =
    receipt.item === 'donation'
      ? []
      : [
          `Your purchases and their receipts are in your account settings: ${publicUrl}/account/settings`,
        ];
  const link = receipt.receiptUrl ? [`Receipt: ${receipt.receiptUrl}`] : [];
  return {
    to,
    subject: `Your ${APP_NAME} receipt: ${item}, ${amount}`,
    text: [
      thanks,
      '',
      ...rows.map(([label, value]) => `${label}: ${value}`),
      '',
      ...link,
      ...after,
    ].join('\n'),
    html: layout(
      `<p>${escapeHtml(thanks)}</p>
<table>${rows
        .map(
          ([label, value]) =>
            `<tr><th align="left">${escapeHtml(label)}</th><td>${escapeHtml(value)}</td></tr>`,
        )
        .join('')}</table>
${receipt.receiptUrl ? `<p><a href="${escapeHtml(receipt.receiptUrl)}">View the receipt</a></p>` : ''}
${after.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}`,
    ),
  };
}
