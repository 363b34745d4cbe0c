import { Link } from '@tanstack/react-router';
import { ExternalLink, Receipt } from 'lucide-react';
import { useState } from 'react';

import { Button, buttonVariants } from '@/components/ui/button';
import { cn } from '@/lib/cn';

import { PURCHASES_PAGE_SIZE, type Purchase, usePurchases } from '../api/purchases';
import { QueryNotice } from './query-notice';
import { SettingsSection } from './settings-section';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const money = (dollars: string, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(Number(dollars));

const TITLES = { regular: 'Regular Boost', mega: 'Mega Boost' } as const;

function titleOf(purchase: Purchase): string {
  return purchase.kind === 'donation' ? 'Donation' : TITLES[purchase.boostType ?? 'regular'];
}

/** The state as a short badge: "Unused", "Active until Nov 24, 2026", "Refunded $6.25"… */
function stateOf(purchase: Purchase): { label: string; tone: 'primary' | 'muted' | 'warning' } {
  switch (purchase.state) {
    case 'unused':
      return { label: 'Unused', tone: 'primary' };
    case 'active':
      return {
        label: purchase.expiresAt
          ? `Active until ${dateFormat.format(new Date(purchase.expiresAt))}`
          : 'Active',
        tone: 'primary',
      };
    case 'expired':
      // A boost whose post went first: it ended then, and the post is no longer there to see.
      if (purchase.endedEarly === 'removed') {
        return { label: 'Ended early: the post was removed', tone: 'muted' };
      }
      if (purchase.endedEarly === 'deleted') {
        return { label: 'Ended early: the post was deleted', tone: 'muted' };
      }
      return { label: 'Expired', tone: 'muted' };
    case 'refunded':
      return { label: `Refunded ${money(purchase.refunded, purchase.currency)}`, tone: 'warning' };
    default:
      return { label: 'Received, thank you', tone: 'muted' };
  }
}

const TONES = {
  primary: 'bg-primary/10 text-primary',
  muted: 'bg-muted text-muted-foreground',
  warning: 'bg-warning/15 text-foreground',
};

function PurchaseRow({ purchase }: { purchase: Purchase }) {
  const title = titleOf(purchase);
  const paid = dateFormat.format(new Date(purchase.paidAt));
  const state = stateOf(purchase);
  return (
    <li className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1">
        <span className="font-medium">
          {title} <span className="font-semibold">{money(purchase.amount, purchase.currency)}</span>
        </span>
        <span className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
          <time dateTime={purchase.paidAt}>{paid}</time>
          <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', TONES[state.tone])}>
            {state.label}
          </span>
          {purchase.postId && !purchase.endedEarly ? (
            <Link
              to="/post/$id"
              params={{ id: purchase.postId }}
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              View post
            </Link>
          ) : null}
        </span>
      </div>
      {purchase.receiptUrl ? (
        <a
          href={purchase.receiptUrl}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`Receipt for the ${title.toLowerCase()} of ${paid} (opens in a new tab)`}
          className={cn(
            buttonVariants({ variant: 'outline', size: 'sm' }),
            'shrink-0 self-start sm:self-auto',
          )}
        >
          <ExternalLink aria-hidden="true" />
          Receipt
        </a>
      ) : (
        <span className="text-sm text-muted-foreground">Receipt not available yet</span>
      )}
    </li>
  );
}

/** The account's boosts and donations, newest first, ten a page, each with its receipt. */
export function PurchasesSection() {
  const [page, setPage] = useState(1);
  const purchases = usePurchases(page);
  const pages = purchases.data ? Math.ceil(purchases.data.total / PURCHASES_PAGE_SIZE) : 0;

  return (
    <SettingsSection
      icon={Receipt}
      title="Purchases"
      description="Your boosts and donations, with their state and receipts."
    >
      {purchases.isPending || purchases.isError ? (
        <QueryNotice
          query={purchases}
          loading="Loading your purchases…"
          failed="Could not load your purchases."
        />
      ) : purchases.data.total === 0 ? (
        <p className="text-sm text-muted-foreground">
          No purchases yet. Boosts and donations you make will show here.{' '}
          <Link to="/boost" className="font-medium text-primary underline-offset-4 hover:underline">
            See boosts
          </Link>
        </p>
      ) : (
        <>
          <ul className="flex flex-col divide-y rounded-lg border" aria-label="Purchases">
            {purchases.data.items.map((purchase) => (
              <PurchaseRow key={purchase.id} purchase={purchase} />
            ))}
          </ul>
          {pages > 1 ? (
            <nav aria-label="Purchases pages" className="flex items-center justify-between gap-3">
              <Button
                variant="outline"
                size="sm"
                disabled={page <= 1 || purchases.isFetching}
                onClick={() => setPage((p) => p - 1)}
              >
                Previous
              </Button>
              <span className="text-sm text-muted-foreground" aria-live="polite">
                Page {page} of {pages}
              </span>
              <Button
                variant="outline"
                size="sm"
                disabled={page >= pages || purchases.isFetching}
                onClick={() => setPage((p) => p + 1)}
              >
                Next
              </Button>
            </nav>
          ) : null}
        </>
      )}
    </SettingsSection>
  );
}
