import { Link } from '@tanstack/react-router';
import { useState, type ReactNode } from 'react';

import { Button, buttonVariants } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';

import {
  type AdminComment,
  type AdminPage,
  type AdminPost,
  type AdminReport,
  type AdminUser,
  type AuditEntry,
  type DashboardCounts,
  useAdminAction,
  useAdminQuery,
  withQuery,
} from '../api/admin-api';
import { AdminTable, type Column, formatTime, StatusPill } from './admin-table';
import { ReasonDialog, type ReasonRequest } from './reason-dialog';

/** Search params shared by the list pages; kept in the address so a view can be shared. */
export interface ListSearch {
  page?: number;
  filter?: string;
  search?: string;
  status?: string;
  actor?: string;
  kind?: string;
  target?: string;
  user?: string;
  from?: string;
  to?: string;
}

export type SetSearch = (next: Partial<ListSearch>) => void;

export function failed(title: string) {
  return (error: unknown) =>
    toast({
      variant: 'destructive',
      title,
      description: errorMessage(error) ?? 'Please try again.',
    });
}

export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h1 className="text-3xl font-bold tracking-tight">{children}</h1>
      {actions}
    </div>
  );
}

export function Select({
  label,
  value,
  options,
  onChange,
}: {
  label: string;
  value: string;
  options: [string, string][];
  onChange: (value: string) => void;
}) {
  const id = `select-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        className="h-10 rounded-md border border-input bg-card px-3 text-sm text-card-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
      >
        {options.map(([optionValue, text]) => (
          <option key={optionValue} value={optionValue}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A search box that updates the address when submitted (Enter or the button). */
function SearchBox({
  label,
  value,
  onSearch,
}: {
  label: string;
  value: string;
  onSearch: (value: string) => void;
}) {
  const [text, setText] = useState(value);
  const id = `search-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <form
      role="search"
      className="flex flex-1 flex-col gap-1"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text.trim());
      }}
    >
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input id={id} type="search" value={text} onChange={(e) => setText(e.target.value)} />
        <Button type="submit" variant="outline">
          Search
        </Button>
      </div>
    </form>
  );
}

function PostThumb({ post }: { post: AdminPost }) {
  return (
    <Link
      to="/rtm-sys/post/$id"
      params={{ id: post.id }}
      className="block size-14 overflow-hidden rounded-md border focus-visible:outline-2 focus-visible:outline-ring"
    >
      <img src={post.thumbnailUrl} alt="Open the post" className="size-full object-cover" />
    </Link>
  );
}

function postState(post: AdminPost): ReactNode {
  if (post.removed) return <StatusPill tone="bad">Removed</StatusPill>;
  const pills: ReactNode[] = [];
  if (!post.isModerated)
    pills.push(
      <StatusPill key="p" tone="warn">
        Pending Review
      </StatusPill>,
    );
  else
    pills.push(
      <StatusPill key="a" tone="ok">
        Approved
      </StatusPill>,
    );
  if (!post.isPublic)
    pills.push(
      <StatusPill key="h" tone="muted">
        Hidden
      </StatusPill>,
    );
  if (post.autoHidden)
    pills.push(
      <StatusPill key="ah" tone="bad">
        Auto-hidden
      </StatusPill>,
    );
  if (post.authorBanned)
    pills.push(
      <StatusPill key="b" tone="bad">
        Author banned
      </StatusPill>,
    );
  if (post.pendingReports > 0)
    pills.push(
      <StatusPill key="r" tone="warn">
        {post.pendingReports} report{post.pendingReports === 1 ? '' : 's'}
      </StatusPill>,
    );
  return <div className="flex flex-wrap gap-1">{pills}</div>;
}

/** Spec §2: dashboard tabs Posts, Reports, Boosts, Users with counts. */
export function DashboardTabs({ current }: { current: 'posts' | 'reports' | 'boosts' | 'users' }) {
  const { data } = useAdminQuery<DashboardCounts>('/dashboard');
  const tabs = [
    { key: 'posts', label: 'Posts', to: '/rtm-sys/posts', count: data?.pendingPosts },
    { key: 'reports', label: 'Reports', to: '/rtm-sys/reports', count: data?.pendingReports },
    { key: 'boosts', label: 'Boosts', to: '/rtm-sys/boosts', count: data?.boosts },
    { key: 'users', label: 'Users', to: '/rtm-sys/users', count: data?.users },
  ] as const;
  return (
    <nav aria-label="Dashboard" className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === current ? 'page' : undefined}
          className={`inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring ${
            tab.key === current
              ? 'bg-card text-card-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground'
          }`}
        >
          {tab.label}
          {tab.count !== undefined ? (
            <span className="rounded-full bg-primary/15 px-1.5 text-xs text-foreground">
              {tab.count}
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}

export function PostsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const filter = search.filter ?? 'pending';
  const query = useAdminQuery<AdminPage<AdminPost>>('/posts', { filter, page: search.page });
  const patch = useAdminAction((v: { id: string; body: object }) => ({
    method: 'PATCH',
    path: `/posts/${v.id}`,
    body: v.body,
  }));
  const remove = useAdminAction((v: { id: string; reason: string }) => ({
    method: 'DELETE',
    path: `/posts/${v.id}`,
    body: { reason: v.reason },
  }));
  const [asking, setAsking] = useState<ReasonRequest | null>(null);

  const columns: Column<AdminPost>[] = [
    { header: 'Photo', cell: (post) => <PostThumb post={post} /> },
    {
      header: 'Author',
      cell: (post) => (
        <div className="min-w-0">
          <p className="font-medium">{post.author?.name ?? 'Erased account'}</p>
          <p className="truncate text-xs text-muted-foreground">{post.author?.email}</p>
        </div>
      ),
    },
    { header: 'State', cell: postState },
    { header: 'Posted', cell: (post) => formatTime(post.createdAt) },
    {
      header: 'Actions',
      cell: (post) =>
        post.removed ? (
          <span className="text-xs text-muted-foreground">{post.removalReason}</span>
        ) : (
          <div className="flex flex-wrap gap-2">
            {!post.isModerated ? (
              <Button
                size="sm"
                onClick={() =>
                  patch.mutate(
                    { id: post.id, body: { isModerated: true } },
                    { onError: failed('Failed to approve post') },
                  )
                }
              >
                Approve
              </Button>
            ) : null}
            <Button
              size="sm"
              variant="outline"
              onClick={() =>
                setAsking({
                  title: post.isPublic && !post.autoHidden ? 'Hide post' : 'Show post',
                  description:
                    post.isPublic && !post.autoHidden
                      ? 'The post leaves every public board and page.'
                      : 'The post returns to the public boards.',
                  confirm: post.isPublic && !post.autoHidden ? 'Hide' : 'Show',
                  required: false,
                  run: (reason) =>
                    patch.mutateAsync(
                      {
                        id: post.id,
                        body: {
                          isPublic: !(post.isPublic && !post.autoHidden),
                          reason: reason || null,
                        },
                      },
                      { onError: failed('Failed to update post') },
                    ),
                })
              }
            >
              {post.isPublic && !post.autoHidden ? 'Hide' : 'Show'}
            </Button>
            <Button
              size="sm"
              variant="destructive"
              onClick={() =>
                setAsking({
                  title: 'Remove post',
                  description: 'The post is removed for good. The reason is kept in the audit log.',
                  confirm: 'Remove',
                  required: true,
                  destructive: true,
                  run: (reason) =>
                    remove.mutateAsync(
                      { id: post.id, reason },
                      { onError: failed('Failed to remove post') },
                    ),
                })
              }
            >
              Remove
            </Button>
          </div>
        ),
    },
  ];

  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Posts</PageTitle>
      <DashboardTabs current="posts" />
      <div className="flex flex-wrap gap-3">
        <Select
          label="Show"
          value={filter}
          onChange={(value) => setSearch({ filter: value, page: undefined })}
          options={[
            ['pending', 'Pending Review'],
            ['reported', 'Reported'],
            ['hidden', 'Hidden'],
            ['removed', 'Removed'],
            ['all', 'All posts'],
          ]}
        />
      </div>
      <AdminTable
        caption="Posts"
        columns={columns}
        query={query}
        empty={filter === 'pending' ? 'No posts are waiting for review.' : 'No posts here.'}
        rowKey={(post) => post.id}
        onPage={(page) => setSearch({ page })}
      />
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
    </div>
  );
}

export function ReportsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const status = search.status ?? 'pending';
  const query = useAdminQuery<AdminPage<AdminReport>>('/reports', { status, page: search.page });
  const review = useAdminAction(
    (v: { id: string; status: string; hidePost: boolean; note: string }) => ({
      method: 'PATCH',
      path: `/reports/${v.id}`,
      body: { status: v.status, hidePost: v.hidePost, note: v.note || null },
    }),
  );
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const ask = (report: AdminReport, verdict: 'reviewed' | 'dismissed', hidePost: boolean) =>
    setAsking({
      title:
        verdict === 'dismissed'
          ? 'Dismiss report'
          : hidePost
            ? 'Review and hide post'
            : 'Mark reviewed',
      description:
        verdict === 'dismissed'
          ? 'The report was not right; the post stays as it is.'
          : hidePost
            ? 'The report was right: the post is hidden in the same step.'
            : 'The report was right; the post stays visible.',
      confirm: verdict === 'dismissed' ? 'Dismiss' : 'Review',
      required: false,
      run: (note) =>
        review.mutateAsync(
          { id: report.id, status: verdict, hidePost, note },
          { onError: failed('Failed to update report') },
        ),
    });

  const columns: Column<AdminReport>[] = [
    {
      header: 'Post',
      cell: (r) =>
        r.post ? <PostThumb post={r.post} /> : <span className="text-muted-foreground">Gone</span>,
    },
    {
      header: 'Reason',
      cell: (r) => (
        <div className="max-w-xs">
          <p className="whitespace-pre-wrap break-words">{r.reason ?? '(erased)'}</p>
          <p className="text-xs text-muted-foreground">
            by {r.reporter?.name ?? 'an erased account'} · against{' '}
            {r.author?.name ?? 'an erased account'}
          </p>
        </div>
      ),
    },
    {
      header: 'Status',
      cell: (r) => (
        <div className="flex flex-col gap-1">
          <StatusPill
            tone={r.status === 'pending' ? 'warn' : r.status === 'reviewed' ? 'ok' : 'muted'}
          >
            {r.status === 'pending'
              ? 'Pending'
              : r.status === 'reviewed'
                ? 'Reviewed'
                : 'Dismissed'}
          </StatusPill>
          {r.reviewedBy ? (
            <span className="text-xs text-muted-foreground">by {r.reviewedBy}</span>
          ) : null}
        </div>
      ),
    },
    { header: 'Reported', cell: (r) => formatTime(r.createdAt) },
    {
      header: 'Actions',
      cell: (r) =>
        r.status === 'pending' ? (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => ask(r, 'reviewed', true)}>
              Review &amp; hide
            </Button>
            <Button size="sm" variant="outline" onClick={() => ask(r, 'reviewed', false)}>
              Reviewed
            </Button>
            <Button size="sm" variant="ghost" onClick={() => ask(r, 'dismissed', false)}>
              Dismiss
            </Button>
          </div>
        ) : (
          <span className="text-xs text-muted-foreground">{r.note}</span>
        ),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Reports</PageTitle>
      <DashboardTabs current="reports" />
      <Select
        label="Status"
        value={status}
        onChange={(value) => setSearch({ status: value, page: undefined })}
        options={[
          ['pending', 'Pending'],
          ['all', 'All (pending first)'],
          ['reviewed', 'Reviewed'],
          ['dismissed', 'Dismissed'],
        ]}
      />
      <AdminTable
        caption="Reports"
        columns={columns}
        query={query}
        empty="No reports here."
        rowKey={(r) => r.id}
        onPage={(page) => setSearch({ page })}
      />
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
    </div>
  );
}

export function CommentsAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const query = useAdminQuery<AdminPage<AdminComment>>('/comments', {
    search: search.search,
    page: search.page,
  });
  const remove = useAdminAction((v: { id: string; reason: string }) => ({
    method: 'DELETE',
    path: `/comments/${v.id}`,
    body: { reason: v.reason },
  }));
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const columns: Column<AdminComment>[] = [
    {
      header: 'Comment',
      cell: (c) => (
        <div className="max-w-md">
          <p className="whitespace-pre-wrap break-words">{c.text ?? '(erased)'}</p>
          <Link
            to="/rtm-sys/post/$id"
            params={{ id: c.postId }}
            className="text-xs text-primary underline-offset-4 hover:underline"
          >
            Open post
          </Link>
        </div>
      ),
    },
    {
      header: 'Author',
      cell: (c) => (
        <div>
          <p className="font-medium">{c.author?.name ?? 'Erased account'}</p>
          {c.hidden ? <StatusPill tone="bad">Author banned</StatusPill> : null}
        </div>
      ),
    },
    { header: 'Posted', cell: (c) => formatTime(c.createdAt) },
    {
      header: 'Actions',
      cell: (c) => (
        <Button
          size="sm"
          variant="destructive"
          onClick={() =>
            setAsking({
              title: 'Delete comment',
              description: c.parentCommentId
                ? 'The reply is deleted.'
                : 'The comment and its replies are deleted.',
              confirm: 'Delete',
              required: true,
              destructive: true,
              run: (reason) =>
                remove.mutateAsync(
                  { id: c.id, reason },
                  { onError: failed('Failed to delete comment') },
                ),
            })
          }
        >
          Delete
        </Button>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Comments</PageTitle>
      <SearchBox
        key={search.search ?? ''}
        label="Search comments"
        value={search.search ?? ''}
        onSearch={(value) => setSearch({ search: value || undefined, page: undefined })}
      />
      <AdminTable
        caption="Comments"
        columns={columns}
        query={query}
        empty={search.search ? 'No comment matches.' : 'No comments yet.'}
        rowKey={(c) => c.id}
        onPage={(page) => setSearch({ page })}
      />
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
    </div>
  );
}

export function UsersAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const status = search.status ?? 'all';
  const query = useAdminQuery<AdminPage<AdminUser>>('/users', {
    search: search.search,
    status,
    page: search.page,
  });
  const act = useAdminAction((v: { id: string; action: string; body: object }) =>
    v.action === 'flag'
      ? { method: 'PATCH', path: `/users/${v.id}`, body: v.body }
      : { method: 'POST', path: `/users/${v.id}/${v.action}`, body: v.body },
  );
  const [asking, setAsking] = useState<ReasonRequest | null>(null);
  const restrict = (user: AdminUser, action: 'suspend' | 'ban' | 'lift') =>
    setAsking({
      title:
        action === 'ban' ? 'Ban user' : action === 'suspend' ? 'Suspend user' : 'Lift restriction',
      description:
        action === 'ban'
          ? 'Their sessions end now, sign-in is refused and their posts and comments are hidden.'
          : action === 'suspend'
            ? 'Their sessions end now and sign-in is refused; their posts stay.'
            : 'They can sign in again; a ban’s posts and comments come back.',
      confirm: action === 'ban' ? 'Ban' : action === 'suspend' ? 'Suspend' : 'Lift',
      required: action !== 'lift',
      destructive: action !== 'lift',
      run: (reason) =>
        act.mutateAsync(
          { id: user.id, action, body: { reason: reason || (action === 'lift' ? null : reason) } },
          { onError: failed('Failed to update user') },
        ),
    });
  const columns: Column<AdminUser>[] = [
    {
      header: 'User',
      cell: (u) => (
        <div className="min-w-0">
          <p className="font-medium">{u.displayUsername ?? u.anonymousUsername}</p>
          <p className="truncate text-xs text-muted-foreground">{u.email}</p>
        </div>
      ),
    },
    {
      header: 'Status',
      cell: (u) => (
        <div className="flex flex-wrap gap-1">
          <StatusPill tone={u.status === 'active' ? 'ok' : 'bad'}>
            {u.status === 'active' ? 'Active' : u.status === 'suspended' ? 'Suspended' : 'Banned'}
          </StatusPill>
          {u.isAdmin ? <StatusPill tone="warn">Admin</StatusPill> : null}
          {!u.emailVerified ? <StatusPill tone="muted">Unverified</StatusPill> : null}
        </div>
      ),
    },
    { header: 'Joined', cell: (u) => formatTime(u.createdAt) },
    {
      header: 'Actions',
      cell: (u) => (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="outline"
            onClick={() =>
              act.mutate(
                { id: u.id, action: 'flag', body: { isAdmin: !u.isAdmin } },
                { onError: failed('Failed to update user') },
              )
            }
          >
            {u.isAdmin ? 'Revoke Admin' : 'Make Admin'}
          </Button>
          {u.status === 'active' ? (
            <>
              <Button size="sm" variant="outline" onClick={() => restrict(u, 'suspend')}>
                Suspend
              </Button>
              <Button size="sm" variant="destructive" onClick={() => restrict(u, 'ban')}>
                Ban
              </Button>
            </>
          ) : (
            <>
              {u.status === 'suspended' ? (
                <Button size="sm" variant="destructive" onClick={() => restrict(u, 'ban')}>
                  Ban
                </Button>
              ) : null}
              <Button size="sm" onClick={() => restrict(u, 'lift')}>
                Lift
              </Button>
            </>
          )}
        </div>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageTitle>Users</PageTitle>
      <DashboardTabs current="users" />
      <div className="flex flex-wrap items-end gap-3">
        <SearchBox
          key={search.search ?? ''}
          label="Search by email or name"
          value={search.search ?? ''}
          onSearch={(value) => setSearch({ search: value || undefined, page: undefined })}
        />
        <Select
          label="Status"
          value={status}
          onChange={(value) => setSearch({ status: value, page: undefined })}
          options={[
            ['all', 'All'],
            ['active', 'Active'],
            ['suspended', 'Suspended'],
            ['banned', 'Banned'],
            ['admins', 'Admins'],
          ]}
        />
      </div>
      <AdminTable
        caption="Users"
        columns={columns}
        query={query}
        empty="No user matches."
        rowKey={(u) => u.id}
        onPage={(page) => setSearch({ page })}
      />
      <ReasonDialog request={asking} onClose={() => setAsking(null)} />
    </div>
  );
}

const AUDIT_KINDS = [
  'PostApproved',
  'PostVisibilityChanged',
  'PostRemoved',
  'PostAutoHidden',
  'ReportReviewed',
  'CommentDeleted',
  'UserAdminFlagChanged',
  'UserSuspended',
  'UserBanned',
  'UserRestrictionLifted',
  'AdminCreated',
  'AdminDisabled',
  'AdminPasswordReset',
  'AdminRestored',
  'AdminSignedIn',
  'AdminSignedOut',
  'BoostPurchased',
  'DonationReceived',
  'PaymentRefunded',
  'PaymentDisputed',
  'BoostPurchasesSuspended',
  'BoostPurchasesSuspensionKept',
  'BoostPurchasesReinstated',
];

export function AuditAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const filters = {
    actor: search.actor,
    kind: search.kind,
    target: search.target,
    from: search.from,
    to: search.to,
  };
  const query = useAdminQuery<AdminPage<AuditEntry>>('/audit', { ...filters, page: search.page });
  const columns: Column<AuditEntry>[] = [
    { header: 'When', cell: (e) => formatTime(e.at), className: 'whitespace-nowrap px-3 py-2' },
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
    { header: 'What', cell: (e) => <span className="font-mono text-xs">{e.kind}</span> },
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
    { header: 'Why', cell: (e) => <span className="break-words">{e.reason ?? '—'}</span> },
    {
      header: 'Changes',
      cell: (e) => (
        <code
          className="block max-w-xs truncate text-xs text-muted-foreground"
          title={JSON.stringify(e.changes)}
        >
          {JSON.stringify(e.changes)}
        </code>
      ),
    },
  ];
  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        actions={
          <a
            href={withQuery('/audit', { ...filters, format: 'csv' })}
            download
            className={buttonVariants({ variant: 'outline' })}
          >
            Export CSV
          </a>
        }
      >
        Audit log
      </PageTitle>
      <div className="flex flex-wrap items-end gap-3">
        <Select
          label="Kind"
          value={search.kind ?? ''}
          onChange={(value) => setSearch({ kind: value || undefined, page: undefined })}
          options={[['', 'All kinds'], ...AUDIT_KINDS.map((k): [string, string] => [k, k])]}
        />
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-from">From</Label>
          <Input
            id="audit-from"
            type="date"
            value={search.from ?? ''}
            onChange={(e) => setSearch({ from: e.target.value || undefined, page: undefined })}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="audit-to">To</Label>
          <Input
            id="audit-to"
            type="date"
            value={search.to ?? ''}
            onChange={(e) => setSearch({ to: e.target.value || undefined, page: undefined })}
          />
        </div>
        {search.actor || search.target ? (
          <Button
            variant="ghost"
            onClick={() => setSearch({ actor: undefined, target: undefined, page: undefined })}
          >
            Clear who / target
          </Button>
        ) : null}
      </div>
      <AdminTable
        caption="Audit log"
        columns={columns}
        query={query}
        empty="Nothing recorded for these filters."
        rowKey={(e) => e.id}
        onPage={(page) => setSearch({ page })}
      />
    </div>
  );
}
