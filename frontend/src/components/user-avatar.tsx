import { avatarGradientStyle, avatarInitial } from '@/lib/avatar-colour';
import { cn } from '@/lib/cn';

import type { HeaderUser } from '../nav-items';

export function UserAvatar({ user, className }: { user: HeaderUser; className?: string }) {
  if (user.profilePictureUrl) {
    return (
      <img
        src={user.profilePictureUrl}
        alt=""
        className={cn('size-8 rounded-full object-cover', className)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      style={avatarGradientStyle(user.avatarSeed)}
      className={cn(
        'flex size-8 items-center justify-center rounded-full text-sm font-bold text-white',
        className,
      )}
    >
      {avatarInitial(user.name)}
    </span>
  );
}
