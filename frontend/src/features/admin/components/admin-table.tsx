import { ChevronLeft, ChevronRight } from 'lucide-react';
import type { ReactNode } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';

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

/** On a phone each cell is a line of its card, named by its column's header. */
const CARD_CELL =
  'max-sm:flex max-sm:gap-3 max-sm:px-0 max-sm:py-1 max-sm:before:w-24 max-sm:before:shrink-0 max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-muted-foreground max-sm:before:content-[attr(data-label)]';

/**
 * A real table (keyboard users reach every action button in reading order) with its loading,
 * empty and error states and a pager; on a phone each row becomes a card of "header: value"
 * lines, so every action is in reach without scrolling sideways.
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
      <div className="rounded-lg text-card-foreground sm:overflow-x-auto sm:border sm:bg-card">
        <table className="w-full text-left text-sm max-sm:block sm:min-w-[640px]">
          <caption className="sr-only">{caption}</caption>
          <thead className="border-b bg-muted/50 text-xs uppercase tracking-wide text-muted-foreground max-sm:hidden">
            <tr>
              {columns.map((column) => (
                <th key={column.header} scope="col" className="px-3 py-2 font-semibold">
                  {column.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="max-sm:flex max-sm:flex-col max-sm:gap-3">
            {data && data.items.length === 0 ? (
              <tr className="max-sm:block max-sm:rounded-lg max-sm:border max-sm:bg-card">
                <td
                  colSpan={columns.length}
                  className="px-3 py-10 text-muted-foreground max-sm:block sm:text-center"
                >
                  {empty}
                </td>
              </tr>
            ) : (
              data?.items.map((row) => (
                <tr
                  key={rowKey(row)}
                  className="border-b align-top last:border-0 max-sm:block max-sm:rounded-lg max-sm:border max-sm:bg-card max-sm:p-3 max-sm:last:border"
                >
                  {columns.map((column) => (
                    <td
                      key={column.header}
                      data-label={column.header}
                      className={cn(column.className ?? 'px-3 py-2', CARD_CELL)}
                    >
                      {/* One flex item beside the label on a phone, free to wrap within it. */}
                      <div className="max-sm:min-w-0 max-sm:flex-1 max-sm:[overflow-wrap:anywhere]">
                        {column.cell(row)}
                      </div>
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
