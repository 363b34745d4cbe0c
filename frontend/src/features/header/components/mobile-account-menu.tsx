import { Link } from '@tanstack/react-router';
import { LogOut, Settings, UserRound } from 'lucide-react';

import { UserAvatar } from '@/components/user-avatar';
import { cn } from '@/lib/cn';

import { PROFILE_MENU_ITEMS, type HeaderUser } from '../nav-items';
import { mobileActiveClass, mobileLinkClass } from './header-classes';

interface MobileAccountMenuProps {
  user: HeaderUser;
  isLoggingOut: boolean;
  onLogout: () => void;
  /** Closes the mobile menu once a link or Logout is chosen. */
  onClose: () => void;
}

/** The signed-in user's part of the mobile menu: who is signed in, Profile, Settings, Logout. */
export function MobileAccountMenu({
  user,
  isLoggingOut,
  onLogout,
  onClose,
}: MobileAccountMenuProps) {
  return (
    <ul className="flex flex-col gap-1">
      <li className="flex items-center gap-3 px-3 py-2 text-sm text-muted-foreground">
        <UserAvatar name={user.name} seed={user.avatarSeed} pictureUrl={user.profilePictureUrl} />
        <span className="truncate">Signed in as {user.name}</span>
      </li>
      {PROFILE_MENU_ITEMS.map((item) => (
        <li key={item.to}>
          <Link
            to={item.to}
            className={mobileLinkClass}
            activeProps={{ className: mobileActiveClass }}
            onClick={onClose}
          >
            {item.label === 'Profile' ? (
              <UserRound className="size-5" aria-hidden="true" />
            ) : (
              <Settings className="size-5" aria-hidden="true" />
            )}
            {item.label}
          </Link>
        </li>
      ))}
      <li>
        <button
          type="button"
          disabled={isLoggingOut}
          className={cn(mobileLinkClass, 'w-full text-left disabled:opacity-60')}
          onClick={() => {
            onClose();
            onLogout();
          }}
        >
          <LogOut className="size-5" aria-hidden="true" />
          Logout
        </button>
      </li>
    </ul>
  );
}
