import type { PostPreview } from '../../application/community/get-post-preview/post-previews';

/** The size X, Facebook and LinkedIn ask of a large preview image (1.91:1). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/** The card's address for this state of the post: the version changes with what it shows. */
export function shareCardPath(preview: Pick<PostPreview, 'postId' | 'cardVersion'>): string {
  return `/api/posts/${encodeURIComponent(preview.postId)}/card.jpg?v=${encodeURIComponent(preview.cardVersion)}`;
}
