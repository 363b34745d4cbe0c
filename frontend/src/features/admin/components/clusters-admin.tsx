import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';

import { Button } from '@/components/ui/button';
import { apiJson, errorMessage } from '@/lib/api-client';

import { adminClusterQueryOptions, adminClustersQueryOptions } from '../api/admin-reads';
import { useAdminAction } from '../api/admin-api';
import type { ListSearch, SetSearch } from '../list-search';
import type { AdminCluster, HeldVote } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime, StatusPill } from './admin-table';
import { useReasonDialog } from './reason-dialog';

const REASONS: Record<string, string> = {
  'same-network': 'Author’s network',
  'same-browser': 'Author’s browser',
  cluster: 'Cluster',
  'young-account': 'Account under a day old',
};

const short = (id: string) => id.slice(0, 8);

/** A held vote in one line: what, on which post, why, and whether it counts since. */
function VoteLine({ vote }: { vote: HeldVote }) {
  return (
    <li className="flex flex-wrap items-center gap-2">
      <span className="font-medium">
        {vote.kind === 'rating' ? `Rated ${vote.score ?? '–'}/10` : 'Liked'}
      </span>
      <Link
        to="/rtm-sys/post/$id"
        params={{ id: vote.postId }}
        className="text-primary underline-offset-4 hover:underline"
      >
        post {short(vote.postId)}
      </Link>
      <span className="text-muted-foreground">by {short(vote.userId)}</span>
      {vote.heldOut.map((reason) => (
        <StatusPill key={reason} tone="warn">
          {REASONS[reason] ?? reason}
        </StatusPill>
      ))}
      {vote.counted ? (
        <StatusPill tone="ok">Counts since {formatTime(vote.countedAt ?? vote.at)}</StatusPill>
      ) : null}
    </li>
  );
}

/** The cluster's held votes, read when the admin opens them. */
function ClusterVotes({ clusterId }: { clusterId: string }) {
  const [open, setOpen] = useState(false);
  const query = useQuery({ ...adminClusterQueryOptions(clusterId), enabled: open });
  return (
    <div className="flex flex-col gap-2">
      <Button
        size="sm"
        variant="outline"
        aria-expanded={open}
        onClick={() => setOpen((value) => !value)}
      >
        {open ? 'Hide votes' : 'Show votes'}
      </Button>
      {!open ? null : query.error ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(query.error) ?? 'Could not load the votes. Please try again.'}
        </p>
      ) : !query.data ? (
        <p className="text-sm text-muted-foreground" aria-busy="true">
          Loading votes…
        </p>
      ) : query.data.votes.length === 0 ? (
        <p className="text-sm text-muted-foreground">No votes from these accounts.</p>
      ) : (
        <ul className="flex flex-col gap-1 text-sm">
          {query.data.votes.map((vote) => (
            <VoteLine key={`${vote.kind}-${vote.postId}-${vote.userId}`} vote={vote} />
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Bursts of sign-ups from one network: their ratings and likes are held out of the figures until
 * an admin, having looked at the accounts and their votes, clears the cluster with a reason.
 */
export function ClustersAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const query = useQuery(adminClustersQueryOptions(search));
  const clear = useAdminAction((v: { id: string; reason: string }) =>
    apiJson('POST', '/api/rtm-sys/clusters/{id}/clear', {
      params: { path: { id: v.id } },
      body: { reason: v.reason },
    }),
  );
  const { ask, dialog } = useReasonDialog();
  const columns: Column<AdminCluster>[] = [
    {
      header: 'Cluster',
      cell: (c) => (
        <div className="flex flex-col items-start gap-1">
          <StatusPill tone={c.status === 'held' ? 'bad' : 'ok'}>
            {c.status === 'held' ? 'Held' : 'Cleared'}
          </StatusPill>
          <span className="text-xs text-muted-foreground">Flagged {formatTime(c.flaggedAt)}</span>
          {c.status === 'cleared' ? (
            <span className="text-xs text-muted-foreground">
              Cleared {c.clearedAt ? formatTime(c.clearedAt) : ''}: {c.reason}
            </span>
          ) : null}
        </div>
      ),
    },
    {
      header: 'Accounts',
      cell: (c) => (
        <ul className="flex flex-col gap-0.5 text-sm">
          {c.accounts.map((account) => (
            <li key={account.userId}>
              <code title={account.userId}>{short(account.userId)}</code>{' '}
              <span className="text-muted-foreground">
                registered {formatTime(account.registeredAt)}
              </span>
            </li>
          ))}
        </ul>
      ),
    },
    { header: 'Votes', cell: (c) => <ClusterVotes clusterId={c.id} /> },
    {
      header: 'Actions',
      cell: (c) =>
        c.status === 'held' ? (
          <Button
            size="sm"
            onClick={() =>
              ask({
                title: 'Clear cluster',
                description:
                  'These accounts’ ratings and likes will count from now on, and the figures are recomputed.',
                confirm: 'Clear',
                required: true,
                failure: 'Failed to clear cluster',
                run: (reason) => clear.mutateAsync({ id: c.id, reason }),
              })
            }
          >
            Clear
          </Button>
        ) : null,
    },
  ];
  return (
    <AdminListPage
      title="Clusters"
      controls={
        <p className="max-w-prose text-sm text-muted-foreground">
          More sign-ups from one network in a day than the limit allows. Their ratings and likes do
          not count until you clear the cluster.
        </p>
      }
      columns={columns}
      query={query}
      empty="No clusters of sign-ups."
      setSearch={setSearch}
      dialog={dialog}
    />
  );
}
