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
  href: string;
  /** Also active on sub-paths (e.g. /rtm-sys/posts for Admin). */
  matchSubPaths?: boolean;
}

/** Spec §2 "Header": who sees which link. */
export function navItemsFor(user: HeaderUser | null): NavItem[] {
  const items: NavItem[] = [
    { label: 'Upload', href: '/' },
    { label: 'Leaderboard', href: '/leaderboard' },
    { label: 'Boost', href: '/boost' },
  ];
  if (user) items.push({ label: 'My Posts', href: '/my-posts' });
  if (user?.isAdmin) items.push({ label: 'Admin', href: '/rtm-sys', matchSubPaths: true });
  return items;
}

export const PROFILE_MENU_ITEMS: readonly NavItem[] = [
  { label: 'Profile', href: '/profile/settings' },
  { label: 'Settings', href: '/account/settings' },
];
