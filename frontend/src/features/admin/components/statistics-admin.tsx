import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { Alert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';

import { statisticsQueryOptions } from '../api/admin-reads';
import type { StatisticsRow } from '../types';
import { PageTitle } from './admin-list-page';

const ACTIVITY = [
  { key: 'uploads', label: 'Uploads', color: 'var(--color-chart-1, #2563eb)' },
  { key: 'ratings', label: 'Ratings', color: 'var(--color-chart-2, #16a34a)' },
  { key: 'posts', label: 'Posts', color: 'var(--color-chart-3, #d97706)' },
  { key: 'users', label: 'Users', color: 'var(--color-chart-4, #9333ea)' },
  { key: 'likes', label: 'Likes', color: 'var(--color-chart-5, #db2777)' },
  { key: 'comments', label: 'Comments', color: '#0891b2' },
  { key: 'reports', label: 'Reports', color: '#dc2626' },
] as const;

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** Spec §2 "Admin": activity and revenue per day or per week, drawn by recharts. */
export function StatisticsAdmin() {
  const [period, setPeriod] = useState<'day' | 'week'>('day');
  const query = useQuery(statisticsQueryOptions());
  const rows: (StatisticsRow & { label: string })[] =
    query.data === undefined
      ? []
      : period === 'day'
        ? query.data.days.map((d) => ({ ...d, label: d.day.slice(5) }))
        : query.data.weeks.map((w) => ({ ...w, label: w.week }));
  const revenue = rows.map((r) => ({
    label: r.label,
    boosts: r.boostRevenue / 100,
    donations: r.donationRevenue / 100,
    refunds: -r.refundedAmount / 100,
  }));
  const totals = (query.data?.days ?? []).reduce(
    (sum, d) => ({
      posts: sum.posts + d.posts,
      users: sum.users + d.users,
      reports: sum.reports + d.reports,
      revenue: sum.revenue + d.boostRevenue + d.donationRevenue - d.refundedAmount,
    }),
    { posts: 0, users: 0, reports: 0, revenue: 0 },
  );

  return (
    <div className="flex flex-col gap-6">
      <PageTitle
        actions={
          <div role="group" aria-label="Period" className="flex gap-1 rounded-lg bg-muted p-1">
            {(['day', 'week'] as const).map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={period === p}
                onClick={() => setPeriod(p)}
                className={`rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring ${
                  period === p ? 'bg-card text-card-foreground shadow-sm' : 'text-muted-foreground'
                }`}
              >
                {p === 'day' ? 'Per day' : 'Per week'}
              </button>
            ))}
          </div>
        }
      >
        Statistics
      </PageTitle>
      {query.error ? (
        <Alert variant="destructive" role="alert">
          <p>{errorMessage(query.error) ?? 'Could not load the statistics.'}</p>
        </Alert>
      ) : query.isLoading ? (
        <Skeleton className="h-80 w-full" />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">
            {query.data?.from} to {query.data?.to} (UTC)
          </p>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['New posts', totals.posts],
              ['New users', totals.users],
              ['Reports', totals.reports],
              ['Net revenue', dollars(totals.revenue)],
            ].map(([label, value]) => (
              <div key={label} className="rounded-lg border bg-card p-4 text-card-foreground">
                <dt className="text-xs text-muted-foreground">{label}</dt>
                <dd className="text-2xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
          <section
            aria-labelledby="activity-heading"
            className="rounded-lg border bg-card p-4 text-card-foreground"
          >
            <h2 id="activity-heading" className="mb-3 font-semibold">
              Activity
            </h2>
            <div className="h-72">
              <ResponsiveContainer width="100%" height="100%">
                <LineChart data={rows}>
                  <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
                  <XAxis dataKey="label" stroke="currentColor" fontSize={12} />
                  <YAxis allowDecimals={false} stroke="currentColor" fontSize={12} />
                  <Tooltip
                    contentStyle={{
                      background: 'var(--color-card)',
                      color: 'var(--color-card-foreground)',
                    }}
                  />
                  <Legend />
                  {ACTIVITY.map((series) => (
                    <Line
                      key={series.key}
                      type="monotone"
                      dataKey={series.key}
                      name={series.label}
                      stroke={series.color}
                      dot={false}
                      strokeWidth={2}
                    />
                  ))}
                </LineChart>
              </ResponsiveContainer>
            </div>
          </section>
          <section
            aria-labelledby="revenue-heading"
            className="rounded-lg border bg-card p-4 text-card-foreground"
          >
            <h2 id="revenue-heading" className="mb-3 font-semibold">
              Revenue (USD)
            </h2>
            <div className="h-64">
              <ResponsiveContainer width="100%" height="100%">
                <BarChart data={revenue}>
                  <CartesianGrid strokeDasharray="3 3" stroke="currentColor" strokeOpacity={0.15} />
                  <XAxis dataKey="label" stroke="currentColor" fontSize={12} />
                  <YAxis stroke="currentColor" fontSize={12} />
                  <Tooltip
                    contentStyle={{
                      background: 'var(--color-card)',
                      color: 'var(--color-card-foreground)',
                    }}
                  />
                  <Legend />
                  <Bar dataKey="boosts" name="Boosts" stackId="r" fill="#2563eb" />
                  <Bar dataKey="donations" name="Donations" stackId="r" fill="#16a34a" />
                  <Bar dataKey="refunds" name="Refunds" fill="#dc2626" />
                </BarChart>
              </ResponsiveContainer>
            </div>
          </section>
        </>
      )}
    </div>
  );
}
