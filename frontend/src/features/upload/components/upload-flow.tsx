import { useRouter } from '@tanstack/react-router';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';

import { toast } from '@/components/ui/use-toast';
import { errorMessage, isStrike } from '@/lib/api-client';

import { usePublishDirect } from '../api/publish-direct';
import { useUploadPhoto } from '../api/upload-photo';
import { mayHaveSavedRating } from '../saved-rating-keys';
import type { RatingResult } from '../types';
import { UploadCard } from './upload-card';

const loadResultStep = () => import('./result-step');
// Reading, checking and keeping a saved rating: loaded when there is one, or with a new result.
const loadSavedRatings = () => import('../pending-rating');
// The result and posting it come after an analysis of a few seconds: loaded while it runs,
// out of the home page's first download.
const ResultStep = lazy(() => loadResultStep().then((module) => ({ default: module.ResultStep })));

// Shown once a photo is chosen to post directly: out of the home page's first download too.
const DirectPostReview = lazy(() =>
  import('./direct-post-review').then((module) => ({ default: module.DirectPostReview })),
);

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
  const publishDirect = usePublishDirect();
  const [result, setResult] = useState<RatingResult | null>(null);
  const [startedOver, setStartedOver] = useState(false);
  // The latest rating is kept for its upload's lifetime: a reload or a new tab shows it again.
  // A photo chosen before it is read wins over it.
  const [restoring, setRestoring] = useState(mayHaveSavedRating);
  useEffect(() => {
    if (!restoring) return;
    let current = true;
    void Promise.all([loadSavedRatings(), loadResultStep()])
      .then(([saved]) => {
        if (!current) return;
        const restored = saved.readSavedRating();
        if (restored.status === 'valid') setResult(saved.toRatingResult(restored.saved));
        if (restored.status === 'invalid' || restored.status === 'expired') {
          saved.clearPendingRating();
        }
        if (restored.status === 'invalid') {
          toast({ variant: 'destructive', ...saved.INVALID_SAVED_RATING });
        }
      })
      .finally(() => {
        if (current) setRestoring(false);
      });
    return () => {
      current = false;
    };
  }, [restoring]);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  // Why the last photo was refused (spec §8's title and the server's message, or its default),
  // said once, by the upload control: no toast repeats it.
  // With whether it counts as a strike (the card then links the rules).
  const [refused, setRefused] = useState<{ text: string; strike: boolean } | null>(null);
  const refuse = (title: string, error: unknown, fallback: string) =>
    setRefused({ text: `${title}: ${errorMessage(error) ?? fallback}`, strike: isStrike(error) });
  const [directFile, setDirectFile] = useState<File | null>(null);
  const [sent, setSent] = useState<number | null>(null);
  const directUpload = useRef<AbortController | null>(null);

  // Object URLs hold the file in memory until revoked.
  useEffect(() => {
    if (!previewUrl) return;
    return () => URL.revokeObjectURL(previewUrl);
  }, [previewUrl]);

  const goToPost = (id: string) => void router.navigate({ to: '/post/$id', params: { id } });

  const analyse = (file: File) => {
    setRestoring(false);
    void loadResultStep();
    setRefused(null);
    setPreviewUrl(URL.createObjectURL(file));
    uploadPhoto.mutate(file, {
      onSuccess: (rating) => {
        void loadSavedRatings().then((saved) => saved.saveRating(rating));
        setResult(rating);
      },
      onError: (error) => {
        setPreviewUrl(null);
        refuse('Upload Failed', error, 'Upload failed. Please try again.');
      },
    });
  };

  // "Post directly": the chosen photo waits for Publish or Cancel.
  const chooseDirect = (file: File) => {
    setRestoring(false);
    setRefused(null);
    setDirectFile(file);
    setPreviewUrl(URL.createObjectURL(file));
  };

  const publishChosen = () => {
    if (!directFile) return;
    const controller = new AbortController();
    directUpload.current = controller;
    setSent(0);
    publishDirect.mutate(
      { file: directFile, onProgress: setSent, signal: controller.signal },
      {
        onSuccess: (post) => goToPost(post.id),
        onError: (error) => {
          if (controller.signal.aborted) return;
          closeDirect();
          refuse('Failed to post', error, 'Could not post to leaderboard. Please try again.');
        },
      },
    );
  };

  /** Back to the upload card; an upload under way is cancelled. */
  const closeDirect = () => {
    directUpload.current?.abort();
    directUpload.current = null;
    setDirectFile(null);
    setSent(null);
    setPreviewUrl(null);
  };

  const startOver = () => {
    void loadSavedRatings().then((saved) => saved.clearPendingRating());
    setStartedOver(true);
    setResult(null);
    setRefused(null);
    setPreviewUrl(null);
    uploadPhoto.reset();
  };

  const cardCallbacks = {
    onFileSelected: analyse,
    onDirectFileSelected: chooseDirect,
    onDirectPostDenied: () =>
      toast({
        title: 'Login Required',
        description: 'Please log in or register to post directly without rating.',
      }),
    canPostDirectly: isSignedIn,
  };

  if (result) {
    return (
      // Until the step arrives (it began loading with the analysis) the card stays as it was.
      <Suspense
        fallback={<UploadCard {...cardCallbacks} busy="analysing" previewUrl={previewUrl} />}
      >
        <ResultStep
          result={result}
          isSignedIn={isSignedIn}
          isSessionLoading={isSessionLoading}
          onPublished={onPublished}
          onUploadAnother={startOver}
        />
      </Suspense>
    );
  }

  if (directFile && previewUrl) {
    return (
      <Suspense fallback={<UploadCard {...cardCallbacks} busy={null} previewUrl={previewUrl} />}>
        <DirectPostReview
          previewUrl={previewUrl}
          sent={sent}
          onPublish={publishChosen}
          onCancel={closeDirect}
        />
      </Suspense>
    );
  }

  return (
    <UploadCard
      {...cardCallbacks}
      busy={uploadPhoto.isPending ? 'analysing' : null}
      previewUrl={previewUrl}
      refusal={refused?.text ?? null}
      refusalStrike={refused?.strike ?? false}
      focusOnShow={startedOver}
    />
  );
}
