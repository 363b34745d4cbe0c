import { useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';

import { Button, buttonVariants } from '@/components/ui/button';

import { apiUrl } from '@/lib/api-client';
import { auditFilters, auditQueryOptions } from '../api/admin-reads';
import type { ListSearch, SetSearch } from '../list-search';
import { changeLines } from '../audit-changes';
import type { AuditEntry, AuditKind } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime } from './admin-table';
import { DateFilter, Select } from './list-filters';

/**
 * Spec §2 audit log: every admin, system and payment action, filtered, exported as CSV. The
 * kinds are the api's `AuditKind` enum: a kind the backend adds fails the type check here until
 * it has its label.
 */
const KIND_LABELS: Record<AuditKind, string> = {
  PostApproved: 'Post approved',
  PostVisibilityChanged: 'Post shown or hidden',
  PostRemoved: 'Post removed',
  PostAutoHidden: 'Post hidden automatically',
  ReportReviewed: 'Report reviewed',
  CommentDeleted: 'Comment deleted',
  UserAdminFlagChanged: 'User admin flag changed',
  UserSuspended: 'User suspended',
  UserBanned: 'User banned',
  UserRestrictionLifted: 'User restriction lifted',
  UserProfileCleared: 'User profile cleared',
  UserNameLookAlikeKept: 'Look-alike name kept',
  PostingSuspended: 'Posting suspended',
  PostingSuspensionLifted: 'Posting suspension lifted',
  AdminCreated: 'Admin created',
  AdminDisabled: 'Admin disabled',
  AdminPasswordReset: 'Admin password reset',
  AdminRestored: 'Admin restored',
  AdminSignedIn: 'Admin signed in',
  AdminSignedOut: 'Admin signed out',
  ClusterCleared: 'Cluster cleared',
  BoostPurchased: 'Boost purchased',
  DonationReceived: 'Donation received',
  PaymentRefunded: 'Payment refunded',
  PaymentDisputed: 'Payment disputed',
  BoostPurchasesSuspended: 'Boost purchases suspended',
  BoostPurchasesReinstated: 'Boost purchases reinstated',
  BoostPurchasesSuspensionKept: 'Boost purchases suspension kept',
};

const KIND_OPTIONS: [string, string][] = [
  ['', 'All kinds'],
  ...Object.entries(KIND_LABELS).map(([kind, label]): [string, string] => [kind, label]),
];

export function AuditAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const query = useQuery(auditQueryOptions(search));
  const columns: Column<AuditEntry>[] = [
    {
      header: 'When',
      cell: (e) => (
        <>
          {formatTime(e.at)}
          {e.correlationId ? (
            // The request's id (X-Request-Id): the server's log lines of that request carry it.
            <span
              className="block max-w-[9rem] truncate font-mono text-xs text-muted-foreground"
              title={`Request ${e.correlationId}`}
            >
              <span className="sr-only">Request </span>
              {e.correlationId}
            </span>
          ) : null}
        </>
      ),
      className: 'px-3 py-2 sm:whitespace-nowrap',
    },
    {
      header: 'Who',
      cell: (e) => (
        <button
          type="button"
          className="text-left font-medium underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => setSearch({ actor: e.actorId, page: undefined })}
        >
          {e.actorName}
          <span className="block text-xs font-normal text-muted-foreground">{e.actorType}</span>
        </button>
      ),
    },
    {
      header: 'What',
      // A kind is one long word ("BoostPurchasesSuspensionKept"): it may break between its
      // words, never inside one ("Report Review ed").
      cell: (e) => <span className="font-mono text-xs">{wordBreaks(e.kind)}</span>,
    },
    {
      header: 'Target',
      cell: (e) => (
        <button
          type="button"
          className="text-left text-xs underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring"
          onClick={() => setSearch({ target: e.targetId, page: undefined })}
        >
          {e.targetType} <span className="font-mono">{e.targetId.slice(0, 8)}</span>
        </button>
      ),
    },
    {
      header: 'Why',
      // Wide enough for a word of a reason; a longer token breaks anywhere.
      cell: (e) => (
        <span className="block min-w-[5rem] [overflow-wrap:anywhere]">{e.reason ?? '—'}</span>
      ),
    },
    {
      header: 'Changes',
      cell: (e) => {
        const lines = changeLines(e.kind, e.changes, e.targetId);
        if (lines.length === 0) return <span className="text-muted-foreground">—</span>;
        return (
          // Long values (hashes, ids) break anywhere, so the column fits beside the others.
          <ul className="flex flex-col gap-0.5 text-xs sm:min-w-[8rem]">
            {lines.map((line) => (
              <li key={line.field} className="[overflow-wrap:anywhere]">
                <span className="font-semibold">{line.field}:</span>{' '}
                {line.from !== undefined ? (
                  <>
                    {line.from} <span aria-hidden="true">→</span>
                    <span className="sr-only">changed to</span>{' '}
                  </>
                ) : null}
                {line.to}
              </li>
            ))}
          </ul>
        );
      },
    },
  ];
  return (
    <AdminListPage
      title="Audit log"
      actions={
        <a
          href={apiUrl('/api/rtm-sys/audit', { query: { ...auditFilters(search), format: 'csv' } })}
          download
          className={buttonVariants({ variant: 'outline' })}
        >
          Export CSV
        </a>
      }
      controls={
        <div className="flex flex-wrap items-end gap-3">
          <Select
            label="Kind"
            value={search.kind ?? ''}
            onChange={(value) => setSearch({ kind: value || undefined, page: undefined })}
            options={KIND_OPTIONS}
          />
          <DateFilter
            id="audit-from"
            label="From"
            value={search.from}
            onChange={(from) => setSearch({ from, page: undefined })}
          />
          <DateFilter
            id="audit-to"
            label="To"
            value={search.to}
            onChange={(to) => setSearch({ to, page: undefined })}
          />
          {search.actor || search.target ? (
            <Button
              variant="ghost"
              onClick={() => setSearch({ actor: undefined, target: undefined, page: undefined })}
            >
              Clear who / target
            </Button>
          ) : null}
        </div>
      }
      columns={columns}
      query={query}
      empty="Nothing recorded for these filters."
      setSearch={setSearch}
    />
  );
}

/** A CamelCase name with a break opportunity before each of its words but the first. */
function wordBreaks(name: string) {
  return name.split(/(?=[A-Z])/).map((word, index) => (
    <Fragment key={index}>
      {index > 0 ? <wbr /> : null}
      {word}
    </Fragment>
  ));
}
