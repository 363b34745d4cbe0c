import { ImageUp, Send, TriangleAlert } from 'lucide-react';
import { lazy, Suspense, useEffect, useId, useRef, useState, type DragEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { ACCEPTED_IMAGE_TYPES } from '@/lib/image-file';
import { MODERATION_RULES_HREF } from '@/lib/posting-suspension';

/** The photo's own confirmation, made by choosing it (the entry gate asks only age and rules). */
export const UPLOAD_CONFIRMATION =
  'By choosing a photo you confirm it shows your own feet, with no faces, people, or identifiable features.';

// Shown once a photo is chosen: loaded with the photo's checks (below), not with the first page.
const loadUploadProgress = () => import('./upload-progress');
const UploadProgress = lazy(() =>
  loadUploadProgress().then((module) => ({ default: module.UploadProgress })),
);

interface UploadCardProps {
  /** Called with a file that passed the client-side checks (type, size, dimensions). */
  onFileSelected: (file: File) => void;
  /** Called with a file for posting without a rating (only offered to signed-in users). */
  onDirectFileSelected: (file: File) => void;
  /** Called when a visitor who is not signed in asks to post directly. */
  onDirectPostDenied: () => void;
  canPostDirectly: boolean;
  busy: null | 'analysing' | 'posting';
  /** Local preview of the photo being processed. */
  previewUrl: string | null;
  /**
   * Why the last photo was not taken, with spec §8's title ('Upload Failed: ' and a face, a
   * person, nudity, too small, a re-post, or a failure): said here only, never in a toast too.
   */
  refusal?: string | null;
  /** The refusal counts as a strike (its message says so): the rules are linked beside it. */
  refusalStrike?: boolean;
  /** Shown again after a result ("Upload Another"): brought into view with the chooser focused. */
  focusOnShow?: boolean;
}

export function UploadCard({
  onFileSelected,
  onDirectFileSelected,
  onDirectPostDenied,
  canPostDirectly,
  busy,
  previewUrl,
  refusal = null,
  refusalStrike = false,
  focusOnShow = false,
}: UploadCardProps) {
  const inputId = useId();
  const cardRef = useRef<HTMLDivElement>(null);
  // As the card comes back (both values stay as they are while it is shown).
  useEffect(() => {
    if (!focusOnShow) return;
    document.getElementById(inputId)?.focus({ preventScroll: true });
    cardRef.current?.scrollIntoView({ block: 'center' });
  }, [focusOnShow, inputId]);
  const hintId = useId();
  const confirmId = useId();
  const errorId = useId();
  const directInputRef = useRef<HTMLInputElement>(null);
  const [isDragging, setIsDragging] = useState(false);
  const [typeError, setTypeError] = useState<string | null>(null);
  const shownError = typeError ?? refusal;

  // What the server would refuse unrated (not an image, over 10 MB, too small) is said here,
  // before a byte is sent.
  const accept = (file: File | undefined, onValid: (file: File) => void) => {
    if (!file) return;
    // The checks (and their messages) load when a file is first chosen, not with the first page,
    // and so does the progress shown next, so it is there when the photo is taken.
    void Promise.all([import('@/lib/image-file-problem'), loadUploadProgress()])
      .then(([{ imageFileProblem }]) => imageFileProblem(file))
      .then((problem) => {
        setTypeError(problem);
        if (!problem) onValid(file);
      });
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    if (!isDragging) setIsDragging(true);
  };

  const onDragLeave = (event: DragEvent<HTMLDivElement>) => {
    // Leaving for a child element is not leaving the zone.
    if (event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)) {
      return;
    }
    setIsDragging(false);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setIsDragging(false);
    if (busy) return;
    accept(event.dataTransfer.files[0], onFileSelected);
  };

  if (busy) {
    return (
      <Suspense fallback={null}>
        <UploadProgress busy={busy} previewUrl={previewUrl} />
      </Suspense>
    );
  }

  return (
    <Card ref={cardRef}>
      <CardContent className="flex flex-col gap-4 p-4 sm:p-6">
        <div
          onDragEnter={onDragOver}
          onDragOver={onDragOver}
          onDragLeave={onDragLeave}
          onDrop={onDrop}
          data-dragging={isDragging || undefined}
          className={cn(
            'flex flex-col items-center gap-4 rounded-xl border-2 border-dashed border-input px-4 py-10 text-center transition-colors sm:py-14',
            isDragging && 'border-primary bg-accent text-accent-foreground',
          )}
        >
          <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <ImageUp className="size-7" aria-hidden="true" />
          </span>
          <div className="flex flex-col gap-1">
            <p className="text-lg font-semibold">
              {isDragging ? 'Drop your photo to get rated' : 'Drag and drop a photo of your feet'}
            </p>
            <p id={hintId} className="text-sm text-muted-foreground">
              JPG, PNG or WEBP (max 10MB)
            </p>
            <p id={confirmId} className="mx-auto max-w-sm text-sm text-muted-foreground">
              {UPLOAD_CONFIRMATION}
            </p>
          </div>
          <p className="text-sm text-muted-foreground" aria-hidden="true">
            or
          </p>
          <div>
            <input
              id={inputId}
              type="file"
              accept={ACCEPTED_IMAGE_TYPES}
              className="peer sr-only"
              aria-describedby={
                shownError ? `${hintId} ${confirmId} ${errorId}` : `${hintId} ${confirmId}`
              }
              aria-invalid={shownError ? true : undefined}
              onChange={(event) => {
                const file = event.currentTarget.files?.[0];
                // Clear so choosing the same file again still fires a change.
                event.currentTarget.value = '';
                accept(file, onFileSelected);
              }}
            />
            <label
              htmlFor={inputId}
              className="inline-flex h-12 items-center justify-center gap-2 rounded-md bg-primary px-6 text-base font-semibold text-primary-foreground shadow-sm transition-colors peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-ring hover:bg-primary/90"
            >
              <ImageUp className="size-5" aria-hidden="true" />
              Choose a photo
            </label>
          </div>
        </div>

        {shownError ? (
          <p
            id={errorId}
            role="alert"
            className="flex items-center gap-2 rounded-md border border-destructive px-3 py-2 text-sm font-medium text-destructive"
          >
            <TriangleAlert className="size-4 shrink-0" aria-hidden="true" />
            <span>
              {shownError}
              {!typeError && refusalStrike ? (
                <>
                  {' '}
                  <a
                    href={MODERATION_RULES_HREF}
                    className="font-semibold underline underline-offset-2 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
                  >
                    Read our moderation rules
                  </a>
                </>
              ) : null}
            </span>
          </p>
        ) : null}

        <div className="flex flex-col items-center gap-2 border-t pt-4 text-center sm:flex-row sm:justify-between sm:text-left">
          <p className="text-sm text-muted-foreground">Only want to share? Skip the AI rating.</p>
          <input
            ref={directInputRef}
            type="file"
            accept={ACCEPTED_IMAGE_TYPES}
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            onChange={(event) => {
              const file = event.currentTarget.files?.[0];
              event.currentTarget.value = '';
              accept(file, onDirectFileSelected);
            }}
          />
          <Button
            variant="outline"
            onClick={() => {
              if (!canPostDirectly) {
                onDirectPostDenied();
                return;
              }
              directInputRef.current?.click();
            }}
          >
            <Send aria-hidden="true" />
            Post directly without rating
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
