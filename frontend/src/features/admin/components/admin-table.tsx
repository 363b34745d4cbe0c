import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';

import type { AdminPage } from '../types';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
}

interface AdminTableProps<T> {
  caption: string;
  columns: Column<T>[];
  /** The list's query as TanStack Query answers it: its page, whether it loads, its error. */
  query: { data: AdminPage<T> | undefined; isLoading: boolean; error: unknown };
  empty: string;
  rowKey: (row: T) => string;
  onPage: (page: number) => void;
}

/**
 * A real table (keyboard users reach every action button in reading order) with its loading,
 * empty and error states and a pager; on a phone it scrolls sideways inside its card.
 */
export function AdminTable<T>(props: AdminTableProps<T>) {
  const { caption, columns, query, empty, rowKey, onPage } = props;
  const { data, isLoading, error } = query;
  if (error) {
    return (
      <Alert variant="destructive" role="alert">
        <p>{errorMessage(error) ?? 'Could not load this list. Please try again.'}</p>
      </Alert>
    );
  }
  if (isLoading && !data) {
    return (
      <div className="flex flex-col gap-2" aria-busy="true" aria-label="Loading">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-12 w-full" />
        ))}
      </div>
    );
  }
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  return (
    <div className="flex flex-col gap-3">
      <div className="overflow-x-auto rounded-lg border bg-card text-card-foreground">
        <table className="w-full min-w-[640px] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="px-3 py-2 font-semibold">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data && data.items.length === 0 ? (
              <tr>
                <td
                  colSpan={columns.length}
                  className="px-3 py-10 text-muted-foreground sm:text-center"
                >
                  {empty}
                </td>
              </tr>
            ) : (
              data?.items.map((row) => (
                <tr key={rowKey(row)} className="border-b last:border-0 align-top">
                  {columns.map((column) => (
                    <td key={column.header} className={column.className ?? 'px-3 py-2'}>
                      {column.cell(row)}
                    </td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {data && data.total > 0 ? (
        <nav
          aria-label={`${caption} pages`}
          className="flex items-center justify-between gap-2 text-sm"
        >
          <span className="text-muted-foreground">
            {data.total} in all · page {data.page} of {pages}
          </span>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={data.page <= 1}
              onClick={() => onPage(data.page - 1)}
            >
              <ChevronLeft aria-hidden="true" /> Previous
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={data.page >= pages}
              onClick={() => onPage(data.page + 1)}
            >
              Next <ChevronRight aria-hidden="true" />
            </Button>
          </div>
        </nav>
      ) : null}
    </div>
  );
}

export function StatusPill({
  tone,
  children,
}: {
  tone: 'ok' | 'warn' | 'bad' | 'muted';
  children: ReactNode;
}) {
  const tones = {
    ok: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
    warn: 'bg-amber-100 text-amber-900 dark:bg-amber-950 dark:text-amber-200',
    bad: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-200',
    muted: 'bg-muted text-muted-foreground',
  } as const;
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
