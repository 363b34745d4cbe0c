import { Send, X } from 'lucide-react';
import { useEffect, useRef } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { PendingButton } from '@/components/ui/pending-button';
import { Progress } from '@/components/ui/progress';

interface DirectPostReviewProps {
  previewUrl: string;
  /** Null before publishing; 0 to 1 while the photo is sent. */
  sent: number | null;
  onPublish: () => void;
  onCancel: () => void;
}

/** "Post directly": the chosen photo, to publish or cancel, with the upload's progress. */
export function DirectPostReview({ previewUrl, sent, onPublish, onCancel }: DirectPostReviewProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
  }, []);
  const sending = sent !== null;
  const percent = Math.round((sent ?? 0) * 100);
  const status = !sending ? null : percent < 100 ? `Uploading… ${percent}%` : 'Posting your photo…';

  return (
    <Card>
      <CardContent className="flex flex-col items-center gap-5 p-4 sm:p-6">
        <div className="flex flex-col gap-1 text-center">
          <h2 ref={headingRef} tabIndex={-1} className="text-xl font-bold outline-none">
            Post this photo?
          </h2>
          <p className="text-sm text-muted-foreground">
            It goes to the leaderboard without an AI rating: the community rates it.
          </p>
        </div>
        <img
          src={previewUrl}
          alt="The photo you chose"
          className="max-h-96 w-auto max-w-full rounded-lg bg-muted object-contain"
        />
        {sending ? (
          <div className="flex w-full max-w-sm flex-col gap-2">
            <Progress value={percent} aria-label="Upload progress" className="h-2" />
            <p role="status" className="text-center text-sm font-medium tabular-nums">
              {status}
            </p>
          </div>
        ) : null}
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <PendingButton
            size="lg"
            onClick={onPublish}
            pending={sending}
            pendingLabel="Publishing…"
            icon={<Send aria-hidden="true" />}
          >
            Publish
          </PendingButton>
          <Button size="lg" variant="outline" onClick={onCancel}>
            <X aria-hidden="true" />
            Cancel
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
