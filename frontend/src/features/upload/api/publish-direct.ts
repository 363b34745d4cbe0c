import { useMutation } from '@tanstack/react-query';

import { upload } from '@/lib/api-client';

import type { PublishedPost } from '../types';

/** POST /api/posts/publish-direct, multipart field `image`: posts without an AI rating. */
export async function publishDirect(file: File): Promise<PublishedPost> {
  const formData = new FormData();
  formData.append('image', file);
  const res = await upload('/api/posts/publish-direct', formData);
  return (await res.json()) as PublishedPost;
}

export function usePublishDirect() {
  return useMutation({ mutationFn: publishDirect });
}
