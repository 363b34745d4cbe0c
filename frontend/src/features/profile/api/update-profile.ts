import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiJson } from '@/lib/api-client';

import type { EditableProfile, ProfileUpdate } from '../types';
import { CURRENT_PROFILE_QUERY_KEY } from './get-current-profile';
import { publicProfileKeys } from './profile-keys';

/** PATCH /api/user/profile → the updated profile, normalised by the server. */
export async function updateProfile(update: ProfileUpdate): Promise<EditableProfile> {
  return apiJson('PATCH', '/api/user/profile', { body: update });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: (profile) => {
      queryClient.setQueryData(CURRENT_PROFILE_QUERY_KEY, profile);
      void queryClient.invalidateQueries({ queryKey: publicProfileKeys.all });
    },
  });
}
