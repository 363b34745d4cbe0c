import { Card, CardContent } from '@/components/ui/card';
import { Progress } from '@/components/ui/progress';
import { Spinner } from '@/components/ui/spinner';

interface UploadProgressProps {
  busy: 'analysing' | 'posting';
  /** Local preview of the photo being processed. */
  previewUrl: string | null;
}

/** The upload card while a chosen photo is rated or posted: its preview and the progress. */
export function UploadProgress({ busy, previewUrl }: UploadProgressProps) {
  const message = busy === 'analysing' ? 'Analyzing your photo…' : 'Posting your photo…';
  return (
    <Card className="overflow-hidden">
      <CardContent className="flex flex-col items-center gap-5 p-6 sm:p-8">
        {previewUrl ? (
          <img
            src={previewUrl}
            alt="The photo being processed"
            className="max-h-72 w-auto rounded-lg object-contain opacity-80"
          />
        ) : null}
        <div className="flex w-full max-w-sm flex-col items-center gap-3" aria-live="polite">
          <div className="flex items-center gap-3 text-lg font-semibold">
            <Spinner className="size-6 text-primary" />
            <p role="status">{message}</p>
          </div>
          <Progress aria-label={message} className="h-2" />
          {busy === 'analysing' ? (
            <p className="text-center text-sm text-muted-foreground">
              Your photo is checked, then rated: an overall score, four category scores and a short
              comment. This usually takes a few seconds.
            </p>
          ) : null}
        </div>
      </CardContent>
    </Card>
  );
}
