import { useRouter } from '@tanstack/react-router';
import { ChevronDown, LogOut, Settings, UserRound } from 'lucide-react';

import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { UserAvatar } from '@/components/user-avatar';

import { PROFILE_MENU_ITEMS, type HeaderUser } from '../nav-items';

interface AccountMenuProps {
  user: HeaderUser;
  isLoggingOut: boolean;
  onLogout: () => void;
}

/** The signed-in user's menu in the desktop header: Profile, Settings, Logout (spec §2). */
export function AccountMenu({ user, isLoggingOut, onLogout }: AccountMenuProps) {
  const router = useRouter();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" className="gap-2 px-2" aria-label={`Account menu for ${user.name}`}>
          <UserAvatar name={user.name} seed={user.avatarSeed} pictureUrl={user.profilePictureUrl} />
          <span className="max-w-32 truncate lg:max-w-56">{user.name}</span>
          <ChevronDown aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel className="max-w-56 truncate">{user.name}</DropdownMenuLabel>
        <DropdownMenuSeparator />
        {PROFILE_MENU_ITEMS.map((item) => (
          <DropdownMenuItem key={item.to} onSelect={() => void router.navigate({ to: item.to })}>
            {item.label === 'Profile' ? (
              <UserRound aria-hidden="true" />
            ) : (
              <Settings aria-hidden="true" />
            )}
            {item.label}
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={isLoggingOut} onSelect={onLogout}>
          <LogOut aria-hidden="true" />
          Logout
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
