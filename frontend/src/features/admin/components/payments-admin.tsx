import { useQuery } from '@tanstack/react-query';

import { Button } from '@/components/ui/button';

import { apiJson } from '@/lib/api-client';
import { useAdminAction } from '../api/admin-api';
import { adminPaymentsQueryOptions } from '../api/admin-reads';
import type { ListSearch, SetSearch } from '../list-search';
import type { AdminPayment } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime, StatusPill } from './admin-table';
import { Select } from './list-filters';
import { formatMoney, UserFilterButton } from './payment-cells';
import { useReasonDialog } from './reason-dialog';

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

/** Payments: purchases, donations, refunds and disputes, and the dispute decisions. */
export function PaymentsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const query = useQuery(adminPaymentsQueryOptions(search));
  const resolve = useAdminAction(
    (v: { disputeId: string; liftSuspension: boolean; reason: string }) =>
      apiJson('POST', '/api/rtm-sys/payments/disputes/{disputeId}/resolve', {
        params: { path: { disputeId: v.disputeId } },
        body: { liftSuspension: v.liftSuspension, reason: v.reason },
      }),
  );
  const { ask: setAsking, dialog } = useReasonDialog();
  const ask = (payment: AdminPayment, liftSuspension: boolean) =>
    setAsking({
      title: liftSuspension ? 'Lift the suspension' : 'Keep the suspension',
      description: liftSuspension
        ? `${payment.user?.name ?? 'The buyer'} may buy boosts again. The decision is recorded with your name.`
        : `${payment.user?.name ?? 'The buyer'} still may not buy boosts; you can lift it later. The decision is recorded with your name.`,
      confirm: liftSuspension ? 'Lift suspension' : 'Keep suspension',
      required: true,
      destructive: !liftSuspension,
      failure: 'Failed to resolve dispute',
      run: (reason) =>
        resolve.mutateAsync({ disputeId: payment.stripeDisputeId ?? '', liftSuspension, reason }),
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
    <AdminListPage
      title="Payments"
      controls={
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
      }
      columns={columns}
      query={query}
      empty="No payments here."
      setSearch={setSearch}
      dialog={dialog}
    />
  );
}
