import { useQuery } from '@tanstack/react-query';

import { promptSignUp, toastActionFailure } from '@/components/sign-up-toast';
import { toast } from '@/components/ui/use-toast';

import { useSubmitRating, userRatingQueryOptions } from '../api/rate-post';
import { RatingForm } from './rating-form';
import { ratingSubmittedToast } from './rating-submitted';

/** The rating form wired to the viewer's earlier rating and the submit call. */
export function PostRatingPanel({ postId, signedIn }: { postId: string; signedIn: boolean }) {
  const { data } = useQuery(userRatingQueryOptions(postId, signedIn));
  const submit = useSubmitRating(postId);

  return (
    <RatingForm
      currentRating={signedIn ? data?.rating : null}
      countsFrom={signedIn ? data?.countsFrom : null}
      newRatingCountsFrom={signedIn ? data?.newRatingCountsFrom : null}
      pending={submit.isPending}
      onSubmit={(score) => {
        if (!signedIn) {
          promptSignUp('Please sign up to rate posts');
          return;
        }
        submit.mutate(score, {
          onSuccess: (outcome) => toast(ratingSubmittedToast(score, outcome)),
          // Spec §8: 'Failed to Submit Rating', by default 'You may have already rated this post.'
          onError: (error) =>
            toastActionFailure(
              error,
              'Failed to Submit Rating',
              'You may have already rated this post.',
            ),
        });
      }}
    />
  );
}
