import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { apiGet, errorMessage } from '@/lib/api-client';

import {
  ADMIN_API,
  type AdminBoost,
  type AdminPage,
  type AdminPayment,
  type BoostState,
  useAdminAction,
  useAdminQuery,
} from '../api/admin-api';
import { AdminTable, type Column, formatTime, StatusPill } from './admin-table';
import {
  DashboardTabs,
  failed,
  type ListSearch,
  PageTitle,
  Select,
  type SetSearch,
} from './admin-pages';
import { ReasonDialog, type ReasonRequest } from './reason-dialog';

/** Cents as money: `$9.99`, or `€5.00` for another currency. */
export function formatMoney(cents: number, currency: string): string {
  try {
    return new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: currency.toUpperCase(),
    }).format(cents / 100);
  } catch {
    return `${(cents / 100).toFixed(2)} ${currency.toUpperCase()}`;
  }
}

const BOOST_STATES: Record<BoostState, { label: string; tone: 'ok' | 'warn' | 'bad' | 'muted' }> = {
  unclaimed: { label: 'Unclaimed', tone: 'warn' },
  active: { label: 'Active', tone: 'ok' },
  expired: { label: 'Expired', tone: 'muted' },
  withdrawn: { label: 'Withdrawn', tone: 'bad' },
};

function UserFilterButton({
  name,
  detail,
  onClick,
}: {
  name: string;
  detail?: string | null;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="text-left font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
      onClick={onClick}
      title="Only this account"
    >
      {name}
      {detail ? (
        <span className="block text-xs font-normal text-muted-foreground">{detail}</span>
      ) : null}
    </button>
  );
}

/**
 * Opens the boost's receipt in a new tab. The tab is opened at the click (a tab opened after
 * the answer would be blocked) and sent to the receipt when the server gives it.
 */
async function openReceipt(boostId: string) {
  const tab = window.open('', '_blank');
  if (tab) tab.opener = null;
  try {
    const { receiptUrl } = await apiGet<{ receiptUrl: string }>(
      `${ADMIN_API}/boosts/${encodeURIComponent(boostId)}/receipt`,
    );
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

export function BoostsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const status = search.status ?? 'all';
  const query = useAdminQuery<AdminPage<AdminBoost>>('/boosts', {
    status,
    userId: search.user,
    page: search.page,
  });
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
      header: 'Runs until',
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
    <div className="flex flex-col gap-6">
      <PageTitle>Boosts</PageTitle>
      <DashboardTabs current="boosts" />
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
      <AdminTable
        caption="Boosts"
        columns={columns}
        query={query}
        empty="No boosts here."
        rowKey={(b) => b.id}
        onPage={(page) => setSearch({ page })}
      />
    </div>
  );
}

const KIND_LABELS: Record<AdminPayment['kind'], string> = {
  purchase: 'Boost purchase',
  donation: 'Donation',
  refund: 'Refund',
  dispute: 'Dispute',
};

const DISPUTE_LABELS: Record<
  NonNullable<AdminPayment['disputeStatus']>,
  { label: string; tone: 'ok' | 'warn' | 'bad' | 'muted' }
> = {
  open: { label: 'Open', tone: 'warn' },
  suspended: { label: 'Purchases suspended', tone: 'bad' },
  kept: { label: 'Suspension kept', tone: 'bad' },
  lifted: { label: 'Suspension lifted', tone: 'ok' },
};

export function PaymentsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const query = useAdminQuery<AdminPage<AdminPayment>>('/payments', {
    kind: search.kind,
    disputeStatus: search.filter,
    userId: search.user,
    page: search.page,
  });
  const resolve = useAdminAction(
    (v: { disputeId: string; liftSuspension: boolean; reason: string }) => ({
      method: 'POST',
      path: `/payments/disputes/${encodeURIComponent(v.disputeId)}/resolve`,
      body: { liftSuspension: v.liftSuspension, reason: v.reason },
    }),
  );
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const ask = (payment: AdminPayment, liftSuspension: boolean) =>
    setAsking({
      title: liftSuspension ? 'Lift the suspension' : 'Keep the suspension',
      description: liftSuspension
        ? `${payment.user?.name ?? 'The buyer'} may buy boosts again. The decision is recorded with your name.`
        : `${payment.user?.name ?? 'The buyer'} still may not buy boosts; you can lift it later. The decision is recorded with your name.`,
      confirm: liftSuspension ? 'Lift suspension' : 'Keep suspension',
      required: true,
      destructive: !liftSuspension,
      run: (reason) =>
        resolve.mutateAsync(
          { disputeId: payment.stripeDisputeId ?? '', liftSuspension, reason },
          { onError: failed('Failed to resolve dispute') },
        ),
    });

  const columns: Column<AdminPayment>[] = [
    { header: 'When', cell: (p) => formatTime(p.at), className: 'whitespace-nowrap px-3 py-2' },
    {
      header: 'What',
      cell: (p) => (
        <div>
          <span className="font-semibold">{KIND_LABELS[p.kind]}</span>
          {p.boostType ? (
            <span className="block text-xs text-muted-foreground">
              {p.boostType === 'mega' ? 'Mega' : 'Regular'} boost
            </span>
          ) : null}
          {p.kind === 'dispute' && p.reason ? (
            <span className="block text-xs text-muted-foreground">Reason: {p.reason}</span>
          ) : null}
        </div>
      ),
    },
    {
      header: 'Amount',
      cell: (p) => (
        <div className="tabular-nums">
          {p.kind === 'refund' ? '−' : ''}
          {formatMoney(p.amount, p.currency)}
          {p.refundedTotal !== null ? (
            <span className="block text-xs text-muted-foreground">
              {formatMoney(p.refundedTotal, p.currency)} refunded in all
            </span>
          ) : null}
        </div>
      ),
    },
    {
      header: 'Who',
      cell: (p) =>
        p.userId ? (
          <UserFilterButton
            name={p.user?.name ?? 'An erased account'}
            detail={p.user?.email}
            onClick={() => setSearch({ user: p.userId ?? undefined, page: undefined })}
          />
        ) : (
          <span className="text-muted-foreground">{p.kind === 'donation' ? 'A visitor' : '—'}</span>
        ),
    },
    {
      header: 'Stripe',
      cell: (p) => (
        <span className="break-all font-mono text-xs text-muted-foreground">
          {p.stripeDisputeId ?? p.stripePaymentId ?? '—'}
        </span>
      ),
    },
    {
      header: 'Dispute',
      cell: (p) => {
        if (!p.disputeStatus) return <span className="text-muted-foreground">—</span>;
        const state = DISPUTE_LABELS[p.disputeStatus];
        const canLift = p.disputeStatus === 'suspended' || p.disputeStatus === 'kept';
        return (
          <div className="flex flex-col gap-2">
            <StatusPill tone={state.tone}>{state.label}</StatusPill>
            {p.resolvedBy ? (
              <span className="text-xs text-muted-foreground">
                by {p.resolvedBy}
                {p.resolutionReason ? `: ${p.resolutionReason}` : ''}
              </span>
            ) : null}
            {canLift ? (
              <div className="flex flex-wrap gap-2">
                <Button size="sm" onClick={() => ask(p, true)}>
                  Lift
                </Button>
                {p.disputeStatus === 'suspended' ? (
                  <Button size="sm" variant="outline" onClick={() => ask(p, false)}>
                    Keep
                  </Button>
                ) : null}
              </div>
            ) : null}
          </div>
        );
      },
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Payments</PageTitle>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label="Kind"
          value={search.kind ?? ''}
          onChange={(value) => setSearch({ kind: value || undefined, page: undefined })}
          options={[
            ['', 'All payments'],
            ['purchase', 'Boost purchases'],
            ['donation', 'Donations'],
            ['refund', 'Refunds'],
            ['dispute', 'Disputes'],
          ]}
        />
        <Select
          label="Dispute state"
          value={search.filter ?? ''}
          onChange={(value) => setSearch({ filter: value || undefined, page: undefined })}
          options={[
            ['', 'Any'],
            ['suspended', 'Purchases suspended'],
            ['kept', 'Suspension kept'],
            ['lifted', 'Suspension lifted'],
            ['open', 'Open (no account)'],
          ]}
        />
        {search.user ? (
          <Button variant="ghost" onClick={() => setSearch({ user: undefined, page: undefined })}>
            All accounts
          </Button>
        ) : null}
      </div>
      <AdminTable
        caption="Payments"
        columns={columns}
        query={query}
        empty="No payments here."
        rowKey={(p) => p.id}
        onPage={(page) => setSearch({ page })}
      />
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
    </div>
  );
}
