import { formatScore } from '@/lib/score';

/**
 * Spec §7 "External share links": the text shared with the post's address. The owner shares
 * "my" rating, as the spec words it; anyone else shares "this" one, in the same form.
 */
export function shareText(rating: string | number | null, isOwner: boolean): string {
  const whose = isOwner ? 'my' : 'this';
  return rating === null
    ? `Check out ${whose} post on SoleScore...`
    : `Check out ${whose} ${formatScore(rating)}/10 rating...`;
}

export type ShareTarget = 'x' | 'facebook' | 'whatsapp' | 'reddit';

export const SHARE_TARGETS: readonly { target: ShareTarget; label: string }[] = [
  { target: 'x', label: 'X' },
  { target: 'facebook', label: 'Facebook' },
  { target: 'whatsapp', label: 'WhatsApp' },
  { target: 'reddit', label: 'Reddit' },
];

/** The address that opens each site's share screen with the text and the post URL. */
export function shareUrl(target: ShareTarget, postUrl: string, text: string): string {
  const url = encodeURIComponent(postUrl);
  const message = encodeURIComponent(text);
  switch (target) {
    case 'x':
      return `https://x.com/intent/tweet?text=${message}&url=${url}`;
    case 'facebook':
      return `https://www.facebook.com/sharer/sharer.php?u=${url}&quote=${message}`;
    case 'whatsapp':
      return `https://wa.me/?text=${encodeURIComponent(`${text} ${postUrl}`)}`;
    case 'reddit':
      return `https://www.reddit.com/submit?url=${url}&title=${message}`;
  }
}

/** The post's public address on this site. */
export function postShareUrl(origin: string, postId: string): string {
  return `${origin}/post/${encodeURIComponent(postId)}`;
}
