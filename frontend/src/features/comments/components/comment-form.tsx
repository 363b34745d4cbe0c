import { CircleAlert, Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { PendingButton } from '@/components/ui/pending-button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { MODERATION_RULES_HREF } from '@/lib/posting-suspension';
import { clipText, textLength, utf16Cap } from '@/lib/text-length';

import { COMMENT_MAX_LENGTH, commentToSend } from '../comment-rules';

interface CommentFormProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  pending: boolean;
  /**
   * Sends the trimmed text; resolves true when it was posted (the form then clears), or the
   * server's refusal (the filter's reason, a suspension's end) to show under the text, which
   * stays for the member to change; false when a toast already said what went wrong.
   */
  onSubmit: (text: string) => Promise<boolean | CommentRefusal>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Hide the label visually (it is still read by screen readers). */
  hideLabel?: boolean;
}

/** Why the server did not take the comment, in its words. */
export interface CommentRefusal {
  message: string;
}

/** Spec §5: a comment or reply of at most 500 characters with a counter; blank text is not sent. */
export function CommentForm({
  label,
  placeholder,
  submitLabel,
  pending,
  onSubmit,
  onCancel,
  autoFocus,
  hideLabel,
}: CommentFormProps) {
  const [text, setText] = useState('');
  const [refusal, setRefusal] = useState<string | null>(null);
  const fieldId = useId();
  const counterId = useId();
  const refusalId = useId();
  const toSend = commentToSend(text);
  const length = textLength(text);
  const nearLimit = length >= COMMENT_MAX_LENGTH - 50;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (toSend === null || pending) return;
    const outcome = await onSubmit(toSend);
    setRefusal(typeof outcome === 'object' ? outcome.message : null);
    if (outcome === true) setText('');
  };

  return (
    <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-2">
      <Label htmlFor={fieldId} className={cn(hideLabel && 'sr-only')}>
        {label}
      </Label>
      <Textarea
        id={fieldId}
        value={text}
        placeholder={placeholder}
        maxLength={utf16Cap(COMMENT_MAX_LENGTH)}
        autoFocus={autoFocus}
        aria-describedby={refusal ? `${counterId} ${refusalId}` : counterId}
        aria-invalid={refusal ? true : undefined}
        className="min-h-20"
        onChange={(event) => {
          setText(clipText(event.target.value, COMMENT_MAX_LENGTH));
          setRefusal(null);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onCancel) onCancel();
        }}
      />
      {refusal ? (
        <Alert id={refusalId} role="alert" variant="destructive">
          <CircleAlert aria-hidden="true" />
          <p>
            {refusal}{' '}
            <a
              href={MODERATION_RULES_HREF}
              className="font-semibold underline underline-offset-2 focus-visible:rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
            >
              Our moderation rules
            </a>
          </p>
        </Alert>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span
          id={counterId}
          className={cn(
            'text-xs tabular-nums',
            nearLimit ? 'font-semibold text-warning' : 'text-muted-foreground',
          )}
        >
          {length}/{COMMENT_MAX_LENGTH}
          <span className="sr-only"> characters</span>
        </span>
        <div className="flex gap-2">
          {onCancel ? (
            <Button variant="ghost" size="sm" onClick={onCancel}>
              Cancel
            </Button>
          ) : null}
          <PendingButton
            type="submit"
            size="sm"
            pending={pending}
            pendingLabel="Posting..."
            disabled={toSend === null}
            icon={<Send aria-hidden="true" />}
          >
            {submitLabel}
          </PendingButton>
        </div>
      </div>
    </form>
  );
}
