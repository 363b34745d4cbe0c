import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';

import { countOf } from '@/lib/plural';

import { dashboardQueryOptions } from '../api/admin-reads';

export type DashboardTab = 'posts' | 'reports' | 'boosts' | 'users';

/**
 * Spec §2: dashboard tabs Posts, Reports, Boosts, Users, each with a count that says what it
 * counts ("27 pending review", "3 running").
 */
export function DashboardTabs({ current }: { current: DashboardTab }) {
  const { data } = useQuery(dashboardQueryOptions());
  const tabs = [
    {
      key: 'posts',
      label: 'Posts',
      to: '/rtm-sys/posts',
      count: data?.pendingPosts,
      of: 'pending review',
    },
    {
      key: 'reports',
      label: 'Reports',
      to: '/rtm-sys/reports',
      count: data?.pendingReports,
      of: 'pending',
    },
    { key: 'boosts', label: 'Boosts', to: '/rtm-sys/boosts', count: data?.boosts, of: 'running' },
    {
      key: 'users',
      label: 'Users',
      to: '/rtm-sys/users',
      count: data?.users,
      of: ['account', 'accounts'],
    },
  ] as const;
  return (
    <nav aria-label="Dashboard" className="flex flex-wrap gap-1 rounded-lg bg-muted p-1">
      {tabs.map((tab) => (
        <Link
          key={tab.key}
          to={tab.to}
          aria-current={tab.key === current ? 'page' : undefined}
          className={`inline-flex flex-wrap items-center gap-x-2 rounded-md px-3 py-1.5 text-sm font-semibold focus-visible:outline-2 focus-visible:outline-ring ${
            tab.key === current
              ? 'bg-card text-card-foreground shadow-sm'
              : 'text-muted-foreground hover:text-foreground'
          }`}
        >
          {tab.label}
          {tab.count !== undefined ? (
            <span className="rounded-full bg-primary/15 px-1.5 text-xs text-foreground">
              {typeof tab.of === 'string'
                ? `${tab.count} ${tab.of}`
                : countOf(tab.count, tab.of[0], tab.of[1])}
            </span>
          ) : null}
        </Link>
      ))}
    </nav>
  );
}
