import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '@/components/ui/button';

import { type ApiBody, apiJson } from '@/lib/api-client';
import { adminUsersQueryOptions } from '../api/admin-reads';
import { useAdminAction } from '../api/admin-api';
import type { ListSearch, SetSearch } from '../list-search';
import type { AdminUser } from '../types';
import { AdminListPage } from './admin-list-page';
import { type Column, formatTime, StatusPill } from './admin-table';
import { failed } from './admin-toasts';
import { ClearProfileDialog } from './clear-profile-dialog';
import { SearchBox, Select } from './list-filters';
import { useReasonDialog } from './reason-dialog';
import { UserStrikesDialog } from './user-strikes';

/** Spec §2 users: the admin flag, suspensions and bans, each with its reason. */
/** What the Users page does to an account: its admin flag, or a restriction with its reason. */
type UserAction =
  | { id: string; action: 'flag'; body: ApiBody<'PATCH', '/api/rtm-sys/users/{id}'> }
  | { id: string; action: 'suspend' | 'ban' | 'lift'; body: { reason: string | null } };

export function UsersAdmin({ search, setSearch }: { search: ListSearch; setSearch: SetSearch }) {
  const status = search.status ?? 'all';
  const query = useQuery(adminUsersQueryOptions(search));
  const act = useAdminAction((v: UserAction) =>
    v.action === 'flag'
      ? apiJson('PATCH', '/api/rtm-sys/users/{id}', {
          params: { path: { id: v.id } },
          body: v.body,
        })
      : apiJson('POST', `/api/rtm-sys/users/{id}/${v.action}`, {
          params: { path: { id: v.id } },
          body: v.body,
        }),
  );
  const { ask: setAsking, dialog } = useReasonDialog();
  const [strikesOf, setStrikesOf] = useState<{ id: string; name: string } | null>(null);
  const [profileOf, setProfileOf] = useState<AdminUser | null>(null);
  const restrict = (user: AdminUser, action: 'suspend' | 'ban' | 'lift') =>
    setAsking({
      title:
        action === 'ban' ? 'Ban user' : action === 'suspend' ? 'Suspend user' : 'Lift restriction',
      description:
        action === 'ban'
          ? 'Their sessions end now, sign-in is refused, their posts and comments are hidden and their likes and ratings stop counting.'
          : action === 'suspend'
            ? 'Their sessions end now and sign-in is refused; their posts stay.'
            : 'They can sign in again; a ban’s posts, comments, likes and ratings come back.',
      confirm: action === 'ban' ? 'Ban' : action === 'suspend' ? 'Suspend' : 'Lift',
      required: action !== 'lift',
      destructive: action !== 'lift',
      failure: 'Failed to update user',
      run: (reason) =>
        act.mutateAsync({
          id: user.id,
          action,
          body: { reason: reason || (action === 'lift' ? null : reason) },
        }),
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
              setStrikesOf({ id: u.id, name: u.displayUsername ?? u.anonymousUsername ?? u.id })
            }
          >
            Strikes
          </Button>
          <Button
            size="sm"
            variant="outline"
            aria-label={`Clear profile fields of ${u.displayUsername ?? u.anonymousUsername ?? u.id}`}
            onClick={() => setProfileOf(u)}
          >
            Clear profile
          </Button>
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
    <AdminListPage
      title="Users"
      tab="users"
      controls={
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
      }
      columns={columns}
      query={query}
      empty="No user matches."
      setSearch={setSearch}
      dialog={
        <>
          {dialog}
          <UserStrikesDialog user={strikesOf} onClose={() => setStrikesOf(null)} />
          <ClearProfileDialog user={profileOf} onClose={() => setProfileOf(null)} />
        </>
      }
    />
  );
}
