import { ExternalLink } from 'lucide-react';

import { SOCIAL_PLATFORMS, socialLinkHref } from '../profile-rules';
import type { SocialLinks } from '../types';

/** Spec §2: a badge per social link, each opening the profile in a new tab. */
export function SocialBadges({ links }: { links: SocialLinks | null | undefined }) {
  const badges = SOCIAL_PLATFORMS.flatMap((platform) => {
    const value = links?.[platform.key];
    const href = value ? socialLinkHref(platform, value) : null;
    return href ? [{ platform, href }] : [];
  });
  if (badges.length === 0) return null;

  return (
    <ul aria-label="Social links" className="flex flex-wrap justify-center gap-2 sm:justify-start">
      {badges.map(({ platform, href }) => (
        <li key={platform.key}>
          <a
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1.5 rounded-full border bg-card px-3 py-1.5 text-sm font-medium text-card-foreground transition-colors hover:bg-accent hover:text-accent-foreground"
          >
            {platform.label}
            <ExternalLink className="size-3.5" aria-hidden="true" />
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </li>
      ))}
    </ul>
  );
}
