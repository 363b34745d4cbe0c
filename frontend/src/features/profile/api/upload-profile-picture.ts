import { useMutation } from '@tanstack/react-query';

import { upload } from '@/lib/api-client';

/** POST /api/user/profile/picture, multipart field `picture`; only success is used (spec §7). */
export async function uploadProfilePicture(file: File): Promise<void> {
  const formData = new FormData();
  formData.append('picture', file);
  await upload('/api/user/profile/picture', formData);
}

export function useUploadProfilePicture() {
  return useMutation({ mutationFn: uploadProfilePicture });
}
