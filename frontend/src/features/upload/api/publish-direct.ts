import { useMutation } from '@tanstack/react-query';

import type { PublishedPost } from '../types';

export interface DirectPost {
  file: File;
  /** Called with the share of the photo sent so far, 0 to 1. */
  onProgress?: (sent: number) => void;
  /** Cancels the upload (the promise rejects with an AbortError). */
  signal?: AbortSignal;
}

/** Sends the photo; the sending code loads with the first publish, not with the first page. */
export function publishDirect(post: DirectPost): Promise<PublishedPost> {
  return import('./send-direct-post').then(({ sendDirectPost }) => sendDirectPost(post));
}

export function usePublishDirect() {
  return useMutation({ mutationFn: publishDirect });
}
