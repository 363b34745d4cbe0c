import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

import { toast } from '@/components/ui/use-toast';
import { errorMessage } from '@/lib/api-client';

import { usePublishDirect } from '../api/publish-direct';
import { usePublishRating } from '../api/publish-rating';
import { useUploadPhoto } from '../api/upload-photo';
import { savePendingRating } from '../pending-rating';
import type { RatingResult } from '../types';
import { RatingResults } from './rating-results';
import { UploadCard } from './upload-card';

interface UploadFlowProps {
  isSignedIn: boolean;
  isSessionLoading: boolean;
  /**
   * After a result is posted, before its page opens (the route offers an unused boost);
   * `openPost` goes on. Without it the post opens at once.
   */
  onPublished?: (postId: string, openPost: () => void) => void;
}

/** The home page's upload → analyse → result flow, including both ways of posting. */
export function UploadFlow({ isSignedIn, isSessionLoading, onPublished }: UploadFlowProps) {
  const router = useRouter();
  const uploadPhoto = useUploadPhoto();
  const publishRating = usePublishRating();
  const publishDirect = usePublishDirect();
  const [result, setResult] = useState<RatingResult | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const goToPost = (id: string) => void router.navigate({ to: '/post/$id', params: { id } });

  const analyse = (file: File) => {
    setPreviewUrl(URL.createObjectURL(file));
    uploadPhoto.mutate(file, {
      onSuccess: (rating) => setResult(rating),
      onError: (error) => {
        setPreviewUrl(null);
        toast({
          variant: 'destructive',
          title: 'Upload Failed',
          description: errorMessage(error) ?? 'Upload failed. Please try again.',
        });
      },
    });
  };

  const postDirectly = (file: File) => {
    setPreviewUrl(URL.createObjectURL(file));
    publishDirect.mutate(file, {
      onSuccess: (post) => goToPost(post.id),
      onError: (error) => {
        setPreviewUrl(null);
        toast({
          variant: 'destructive',
          title: 'Failed to post',
          description: errorMessage(error) ?? 'Could not post to leaderboard. Please try again.',
        });
      },
    });
  };

  const postResult = (rating: RatingResult) => {
    if (!isSignedIn) {
      // Resumed after registration/login by the pending-rating auto-publish on the home page.
      savePendingRating(rating);
      void router.navigate({ to: '/register' });
      return;
    }
    publishRating.mutate(rating, {
      onSuccess: (post) =>
        onPublished ? onPublished(post.id, () => goToPost(post.id)) : goToPost(post.id),
      onError: () =>
        toast({
          variant: 'destructive',
          title: 'Failed to post',
          description: 'Could not post to leaderboard. Please try again.',
        }),
    });
  };

  const startOver = () => {
    setResult(null);
    setPreviewUrl(null);
    uploadPhoto.reset();
    publishRating.reset();
  };

  if (result) {
    return (
      <RatingResults
        result={result}
        onPost={() => postResult(result)}
        isPosting={publishRating.isPending}
        postDisabled={isSessionLoading}
        onUploadAnother={startOver}
      />
    );
  }

  return (
    <UploadCard
      onFileSelected={analyse}
      onDirectFileSelected={postDirectly}
      onDirectPostDenied={() =>
        toast({
          title: 'Login Required',
          description: 'Please log in or register to post directly without rating.',
        })
      }
      canPostDirectly={isSignedIn}
      busy={uploadPhoto.isPending ? 'analysing' : publishDirect.isPending ? 'posting' : null}
      previewUrl={previewUrl}
    />
  );
}
