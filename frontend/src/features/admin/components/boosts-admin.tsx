import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { apiGet, errorMessage } from '@/lib/api-client';

import { adminBoostsQueryOptions } from '../api/admin-reads';
import type { ListSearch, SetSearch } from '../list-search';
import type { AdminBoost } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime, StatusPill } from './admin-table';
import { Select } from './list-filters';
import { formatMoney, UserFilterButton } from './payment-cells';

const BOOST_STATES: Record<
  AdminBoost['state'],
  { label: string; tone: 'ok' | 'warn' | 'bad' | 'muted' }
> = {
  unclaimed: { label: 'Unclaimed', tone: 'warn' },
  active: { label: 'Active', tone: 'ok' },
  expired: { label: 'Expired', tone: 'muted' },
  withdrawn: { label: 'Withdrawn', tone: 'bad' },
};

/**
 * Opens the boost's receipt in a new tab. The tab is opened at the click (a tab opened after
 * the answer would be blocked) and sent to the receipt when the server gives it.
 */
async function openReceipt(boostId: string) {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const { receiptUrl } = await apiGet('/api/rtm-sys/boosts/{id}/receipt', {
      params: { path: { id: boostId } },
    });
    if (tab) tab.location.href = receiptUrl;
    else window.open(receiptUrl, '_blank', 'noopener,noreferrer');
  } catch (error) {
    tab?.close();
    toast({
      variant: 'destructive',
      title: 'Failed to fetch receipt',
      description: errorMessage(error) ?? 'Please try again.',
    });
  }
}

/** Spec §2 boosts: every boost sold, its state, buyer and receipt. */
export function BoostsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const status = search.status ?? 'all';
  const query = useQuery(adminBoostsQueryOptions(search));
  const columns: Column<AdminBoost>[] = [
    {
      header: 'Boost',
      cell: (b) => (
        <div>
          <span className="font-semibold">{b.boostType === 'mega' ? 'Mega' : 'Regular'}</span>
          <span className="block text-xs text-muted-foreground">
            {formatMoney(b.amount, b.currency)}
          </span>
        </div>
      ),
    },
    {
      header: 'State',
      cell: (b) => (
        <div className="flex flex-wrap gap-1">
          <StatusPill tone={BOOST_STATES[b.state].tone}>{BOOST_STATES[b.state].label}</StatusPill>
          {b.refunded ? <StatusPill tone="bad">Refunded</StatusPill> : null}
        </div>
      ),
    },
    {
      header: 'Buyer',
      cell: (b) => (
        <UserFilterButton
          name={b.buyer?.name ?? 'An erased account'}
          detail={b.buyer?.email}
          onClick={() => setSearch({ user: b.userId, page: undefined })}
        />
      ),
    },
    {
      header: 'Post',
      cell: (b) =>
        b.postId ? (
          <Link
            to="/rtm-sys/post/$id"
            params={{ id: b.postId }}
            className="font-mono text-xs underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          >
            {b.postId.slice(0, 8)}
          </Link>
        ) : (
          <span className="text-muted-foreground">—</span>
        ),
    },
    {
      header: 'Bought',
      cell: (b) => formatTime(b.createdAt),
      className: 'whitespace-nowrap px-3 py-2',
    },
    {
      header: 'Ends',
      // An active boost runs until then; an expired one ended then (early if its post went).
      cell: (b) => (b.expiresAt ? formatTime(b.expiresAt) : '—'),
      className: 'whitespace-nowrap px-3 py-2',
    },
    {
      header: 'Receipt',
      cell: (b) =>
        b.hasReceipt ? (
          <Button size="sm" variant="outline" onClick={() => void openReceipt(b.id)}>
            Receipt<span className="sr-only"> (opens in a new tab)</span>
          </Button>
        ) : (
          <span className="text-xs text-muted-foreground">None</span>
        ),
    },
  ];
  return (
    <AdminListPage
      title="Boosts"
      tab="boosts"
      controls={
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label="State"
            value={status}
            onChange={(value) => setSearch({ status: value, page: undefined })}
            options={[
              ['all', 'All'],
              ['unclaimed', 'Unclaimed'],
              ['active', 'Active'],
              ['expired', 'Expired'],
              ['withdrawn', 'Withdrawn'],
              ['refunded', 'Refunded'],
            ]}
          />
          {search.user ? (
            <Button variant="ghost" onClick={() => setSearch({ user: undefined, page: undefined })}>
              All buyers
            </Button>
          ) : null}
        </div>
      }
      columns={columns}
      query={query}
      empty="No boosts here."
      setSearch={setSearch}
    />
  );
}
