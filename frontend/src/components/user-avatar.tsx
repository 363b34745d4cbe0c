import { avatarGradientStyle, avatarInitial } from '@/lib/avatar-colour';
import { cn } from '@/lib/cn';

interface UserAvatarProps {
  /** The name shown beside the avatar; its first letter is the fallback. */
  name: string;
  /** Picks the gradient (spec §2: derived from the user id). */
  seed: string;
  pictureUrl?: string | null;
  /** Size and text size, e.g. 'size-24 text-4xl'; defaults to 32 px. */
  className?: string;
  /** Alternative text when the avatar stands alone; decorative (empty) by default. */
  alt?: string;
}

/** A profile picture, or the name's initial on a gradient chosen from the seed. */
export function UserAvatar({ name, seed, pictureUrl, className, alt = '' }: UserAvatarProps) {
  if (pictureUrl) {
    return (
      <img
        src={pictureUrl}
        alt={alt}
        className={cn('size-8 shrink-0 rounded-full bg-muted object-cover', className)}
      />
    );
  }
  return (
    <span
      role={alt ? 'img' : undefined}
      aria-label={alt || undefined}
      aria-hidden={alt ? undefined : true}
      style={avatarGradientStyle(seed)}
      className={cn(
        'flex size-8 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white select-none',
        className,
      )}
    >
      {avatarInitial(name)}
    </span>
  );
}
