import { apiRequest } from '@/lib/api-client';

/**
 * GET /api/posts/{id}/card.jpg as a file the Web Share API can hand to another app: the post's
 * photo with its score, the image its link previews show.
 */
export async function fetchShareCardFile(postId: string): Promise<File> {
  const res = await apiRequest('GET', '/api/posts/{id}/card.jpg', {
    params: { path: { id: postId } },
  });
  const blob = await res.blob();
  return new File([blob], `solescore-${postId}.jpg`, { type: 'image/jpeg' });
}
