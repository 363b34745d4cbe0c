import { useRouter } from '@tanstack/react-router';

import { toast } from '@/components/ui/use-toast';
import { AccountMenu } from '@/features/header/components/account-menu';
import { MobileAccountMenu } from '@/features/header/components/mobile-account-menu';
import type { HeaderUser } from '@/features/header/nav-items';
import { useLogout } from '@/features/session/api/logout';

interface SignedInAccountProps {
  user: HeaderUser;
  place: 'header' | 'menu';
  onClose: () => void;
}

/**
 * The signed-in user's menu in the header, wired to signing out: loaded only once someone is
 * signed in, so visitors never download the menu, its Radix parts or the logout mutation.
 */
export default function SignedInAccount({ user, place, onClose }: SignedInAccountProps) {
  const router = useRouter();
  const logout = useLogout();
  const onLogout = () =>
    logout.mutate(undefined, {
      onSuccess: () => void router.navigate({ to: '/' }),
      onError: () =>
        toast({ variant: 'destructive', title: 'Logout failed', description: 'Please try again.' }),
    });

  return place === 'header' ? (
    <AccountMenu user={user} isLoggingOut={logout.isPending} onLogout={onLogout} />
  ) : (
    <MobileAccountMenu
      user={user}
      isLoggingOut={logout.isPending}
      onLogout={onLogout}
      onClose={onClose}
    />
  );
}
