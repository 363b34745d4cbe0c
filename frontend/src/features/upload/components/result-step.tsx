import { useRouter } from '@tanstack/react-router';

import { toast } from '@/components/ui/use-toast';
import { ApiError } from '@/lib/api-client';

import { usePublishRating } from '../api/publish-rating';
import {
  clearPendingRating,
  rememberLastPost,
  savePendingRating,
  UPLOAD_GONE,
} from '../pending-rating';
import type { RatingResult } from '../types';
import { RatingResults } from './rating-results';

interface ResultStepProps {
  result: RatingResult;
  isSignedIn: boolean;
  isSessionLoading: boolean;
  /** See UploadFlow: after a result is posted, before its page opens. */
  onPublished?: (postId: string, openPost: () => void) => void;
  onUploadAnother: () => void;
}

/**
 * The flow's last step: the rating, and posting it (a visitor registers first; the rating waits
 * in localStorage for the pending-rating publisher). Loaded while the photo is analysed.
 */
export function ResultStep({
  result,
  isSignedIn,
  isSessionLoading,
  onPublished,
  onUploadAnother,
}: ResultStepProps) {
  const router = useRouter();
  const publishRating = usePublishRating();
  const goToPost = (id: string) =>
    void router.navigate({ to: '/post/$id', params: { id }, search: { posted: 1 } });

  const postResult = () => {
    if (!isSignedIn) {
      // Resumed after registration/login by the pending-rating auto-publish on the home page.
      savePendingRating(result);
      void router.navigate({ to: '/register' });
      return;
    }
    publishRating.mutate(result, {
      onSuccess: (post) => {
        clearPendingRating();
        rememberLastPost(post.id);
        if (onPublished) onPublished(post.id, () => goToPost(post.id));
        else goToPost(post.id);
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 404) {
          clearPendingRating();
          toast({ variant: 'destructive', ...UPLOAD_GONE });
          return;
        }
        // Refused for good (already posted, or the account may not post now): a retry would
        // fail the same way, so the server's reason is said instead of "Please try again".
        const refused = error instanceof ApiError && [403, 409].includes(error.status);
        toast({
          variant: 'destructive',
          title: 'Failed to post',
          description:
            (refused ? error.serverMessage : null) ??
            'Could not post to leaderboard. Please try again.',
        });
      },
    });
  };

  return (
    <RatingResults
      result={result}
      onPost={postResult}
      isPosting={publishRating.isPending}
      postDisabled={isSessionLoading}
      onUploadAnother={onUploadAnother}
    />
  );
}
