import type { OwnPost } from './types';

/**
 * My Posts' line under its heading: how many of the member's posts are on the leaderboard, and
 * why the others are not (each post counted once: removed, else held, else hidden).
 */
export function postsSummary(posts: readonly OwnPost[]): string {
  if (posts.length === 0) return 'Your posts on the leaderboard.';
  const removed = posts.filter((post) => post.removed).length;
  const held = posts.filter((post) => !post.removed && post.heldForReview).length;
  // Hidden by a moderator or by reports.
  const hidden = posts.filter(
    (post) => !post.removed && !post.heldForReview && !post.isPublic,
  ).length;
  const listed = posts.length - removed - held - hidden;
  return [
    `${listed} ${listed === 1 ? 'post' : 'posts'} on the leaderboard.`,
    held > 0 ? `${held} waiting for approval, shown to you alone.` : '',
    hidden > 0 ? `${hidden} hidden, shown to you alone.` : '',
    removed > 0 ? `${removed} removed by a moderator.` : '',
  ]
    .filter(Boolean)
    .join(' ');
}
