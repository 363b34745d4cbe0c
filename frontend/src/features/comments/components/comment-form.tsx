import { Send } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { PendingButton } from '@/components/ui/pending-button';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';
import { clipText, textLength, utf16Cap } from '@/lib/text-length';

import { COMMENT_MAX_LENGTH, commentToSend } from '../comment-rules';

interface CommentFormProps {
  label: string;
  placeholder: string;
  submitLabel: string;
  pending: boolean;
  /** Sends the trimmed text; resolves true when it was posted (the form then clears). */
  onSubmit: (text: string) => Promise<boolean>;
  onCancel?: () => void;
  autoFocus?: boolean;
  /** Hide the label visually (it is still read by screen readers). */
  hideLabel?: boolean;
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
  const fieldId = useId();
  const counterId = useId();
  const toSend = commentToSend(text);
  const length = textLength(text);
  const nearLimit = length >= COMMENT_MAX_LENGTH - 50;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (toSend === null || pending) return;
    if (await onSubmit(toSend)) setText('');
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
        aria-describedby={counterId}
        className="min-h-20"
        onChange={(event) => setText(clipText(event.target.value, COMMENT_MAX_LENGTH))}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && onCancel) onCancel();
        }}
      />
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
