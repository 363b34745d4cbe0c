import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';

import type { PublishedPost } from '../types';
// A type only: the sending code itself is imported below when the first publish needs it.
import type { DirectPost } from './send-direct-post';

/** Sends the photo; the sending code loads with the first publish, not with the first page. */
export function publishDirect(post: DirectPost): Promise<PublishedPost> {
  return import('./send-direct-post').then(({ sendDirectPost }) => sendDirectPost(post));
}

export function usePublishDirect() {
  return useSingleFlightMutation({ mutationFn: publishDirect });
}
