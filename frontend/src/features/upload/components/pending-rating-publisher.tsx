import { useRouter } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

import { Spinner } from '@/components/ui/spinner';
import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';

import { usePublishRating } from '../api/publish-rating';
import {
  clearPendingRating,
  readPendingRating,
  rememberLastPost,
  UPLOAD_GONE,
} from '../pending-rating';

/**
 * Spec §4 "Pending rating flow": once a signed-in user is on the home page, a rating saved
 * (in localStorage) and chosen to post before registering is published, cleared on success, and the user is taken to the post.
 * On failure it is kept so a refresh retries.
 */
export function PendingRatingPublisher({ isSignedIn }: { isSignedIn: boolean }) {
  const router = useRouter();
  const { mutate, isPending } = usePublishRating();
  // Publish at most once per visit, also under StrictMode's double effects.
  const attempted = useRef(false);

  useEffect(() => {
    if (!isSignedIn || attempted.current) return;
    // Expired or invalid saved data is cleared by the upload flow on the same page.
    const saved = readPendingRating();
    if (!saved) return;
    attempted.current = true;

    mutate(saved.rating, {
      onSuccess: (post) => {
        clearPendingRating();
        rememberLastPost(post.id);
        // Its author arrives on it just posted: the page offers to share it.
        void router.navigate({ to: '/post/$id', params: { id: post.id }, search: { posted: 1 } });
      },
      onError: (error) => {
        // Someone else's upload (403), an unknown or expired photo (404) or a rating already
        // posted (409) never succeeds on a retry: drop it and say why, instead of failing on
        // every visit.
        if (error instanceof ApiError && error.status === 404) {
          clearPendingRating();
          toast({ variant: 'destructive', ...UPLOAD_GONE });
          return;
        }
        if (error instanceof ApiError && [403, 409].includes(error.status)) {
          clearPendingRating();
          toast({
            variant: 'destructive',
            title: 'Failed to post',
            description: error.serverMessage ?? 'Could not post to leaderboard. Please try again.',
          });
          return;
        }
        toast({
          variant: 'destructive',
          title: 'Failed to post rating',
          description: 'Your rating is saved. Please refresh the page to retry.',
        });
      },
    });
  }, [isSignedIn, mutate, router]);

  if (!isPending) return null;
  return (
    <div
      role="status"
      className="flex items-center justify-center gap-3 rounded-lg border bg-card px-4 py-3 text-sm font-medium"
    >
      <Spinner className="size-4 text-primary" />
      Posting your saved rating to the leaderboard…
    </div>
  );
}
