import { apiJson } from '@/lib/api-client';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';

import { toPendingRating } from '../pending-rating';
import type { PendingRating, PublishedPost } from '../types';

/**
 * POST /api/posts/publish with exactly the eight rating fields and the publish key; answers with
 * the post id.
 */
export async function publishRating(rating: PendingRating): Promise<PublishedPost> {
  return apiJson('POST', '/api/posts/publish', { body: toPendingRating(rating) });
}

export function usePublishRating() {
  return useSingleFlightMutation({ mutationFn: publishRating });
}
