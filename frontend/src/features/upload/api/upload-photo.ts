import { upload } from '@/lib/api-client';
import { useSingleFlightMutation } from '@/lib/use-single-flight-mutation';

import type { RatingResult } from '../types';

/** POST /api/upload, multipart field `image`; answers with the AI rating. */
export async function uploadPhoto(file: File): Promise<RatingResult> {
  const formData = new FormData();
  formData.append('image', file);
  const res = await upload('/api/upload', formData);
  return (await res.json()) as RatingResult;
}

export function useUploadPhoto() {
  return useSingleFlightMutation({ mutationFn: uploadPhoto });
}
