import type { ReactNode } from 'react';

import type { SetSearch } from '../list-search';
import type { AdminPage } from '../types';
import { AdminTable, type Column } from './admin-table';
import { DashboardTabs, type DashboardTab } from './dashboard-tabs';

/** The heading of an admin page, with its page-wide actions (an export, a period switch). */
export function PageTitle({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-end justify-between gap-3">
      <h1 className="text-3xl font-bold tracking-tight">{children}</h1>
      {actions}
    </div>
  );
}

interface AdminListPageProps<T> {
  /** The heading, also the table's caption. */
  title: string;
  /** The dashboard tab this list is, if it is one. */
  tab?: DashboardTab;
  actions?: ReactNode;
  /** Above the table: the filters, or a form. */
  controls?: ReactNode;
  columns: Column<T>[];
  query: { data: AdminPage<T> | undefined; isLoading: boolean; error: unknown };
  empty: string;
  setSearch: SetSearch;
  /** Below the table: the dialog its actions open. */
  dialog?: ReactNode;
}

/** One admin list page: heading, dashboard tabs, controls, the paged table and its dialog. */
export function AdminListPage<T extends { id: string }>(props: AdminListPageProps<T>) {
  const { title, tab, actions, controls, columns, query, empty, setSearch, dialog } = props;
  return (
    <div className="flex flex-col gap-6">
      <PageTitle actions={actions}>{title}</PageTitle>
      {tab ? <DashboardTabs current={tab} /> : null}
      {controls}
      <AdminTable
        caption={title}
        columns={columns}
        query={query}
        empty={empty}
        rowKey={(row) => row.id}
        onPage={(page) => setSearch({ page })}
      />
      {dialog}
    </div>
  );
}
