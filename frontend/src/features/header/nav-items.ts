import type { RoutePath } from '@/components/route-link';

export interface HeaderUser {
  /** Display name, falling back to the anonymous username. */
  name: string;
  /** Seed for the avatar colour (the user id). */
  avatarSeed: string;
  profilePictureUrl?: string | null;
  isAdmin: boolean;
}

export interface NavItem {
  label: string;
  to: RoutePath;
  /** Also active on sub-paths (e.g. /rtm-sys/posts for Admin). */
  matchSubPaths?: boolean;
}

/** Spec §2 "Header": who sees which link. */
export function navItemsFor(user: HeaderUser | null): NavItem[] {
  const items: NavItem[] = [
    { label: 'Upload', to: '/' },
    { label: 'Leaderboard', to: '/leaderboard', matchSubPaths: true },
    { label: 'Boost', to: '/boost' },
  ];
  if (user) items.push({ label: 'My Posts', to: '/my-posts' });
  if (user?.isAdmin) items.push({ label: 'Admin', to: '/rtm-sys', matchSubPaths: true });
  return items;
}

export const PROFILE_MENU_ITEMS = [
  { label: 'Profile', to: '/profile/settings' },
  { label: 'Settings', to: '/account/settings' },
] as const satisfies readonly { label: string; to: RoutePath }[];
