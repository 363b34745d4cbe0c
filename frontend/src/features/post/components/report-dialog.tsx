import { Flag, FlagOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { promptSignUp, toastActionFailure } from '@/components/sign-up-toast';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/dialog-frame';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { REPORT_CATEGORIES, type ReportCategory } from '@/lib/report-categories';
import { clipText, textLength, utf16Cap } from '@/lib/text-length';

import { useReportPost } from '../api/report-post';

/** Counted in characters as the server counts them (an emoji is one). */
export const REPORT_REASON_MAX_LENGTH = 500;

interface ReportDialogProps {
  postId: string;
  signedIn: boolean;
  /** The viewer's report is waiting for a moderator: the button says so and stays shut. */
  reported: boolean;
}

/**
 * Spec §2/§5: anyone but the owner can report a post, once at a time. The reason is one of the
 * categories moderators sort reports by (a labelled radio group), with optional details.
 */
export function ReportDialog({ postId, signedIn, reported }: ReportDialogProps) {
  const [open, setOpen] = useState(false);
  const [category, setCategory] = useState<ReportCategory | null>(null);
  const [reason, setReason] = useState('');
  const report = useReportPost(postId);
  const groupId = useId();
  const reasonId = useId();
  const counterId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!category) {
      toast({
        variant: 'destructive',
        title: 'Reason required',
        description: 'Please provide a reason for reporting this post',
      });
      return;
    }
    report.mutate(
      { category, reason: trimmed },
      {
        onSuccess: () => {
          setOpen(false);
          setCategory(null);
          setReason('');
          toast({
            title: 'Report submitted',
            description: 'Thank you. Our moderators will review this post.',
          });
        },
        onError: (error) =>
          toastActionFailure(error, 'Failed to submit report', 'Please try again'),
      },
    );
  };

  if (reported && !open) {
    return (
      <Button variant="ghost" className="text-muted-foreground" disabled>
        <FlagOff aria-hidden="true" />
        Reported
      </Button>
    );
  }

  return (
    <>
      <Button
        variant="ghost"
        className="text-muted-foreground"
        onClick={() => {
          if (!signedIn) {
            promptSignUp('Please sign up to report posts');
            return;
          }
          setOpen(true);
        }}
      >
        <Flag aria-hidden="true" />
        Report
      </Button>
      <FormDialog
        open={open}
        onOpenChange={setOpen}
        title="Report this post"
        description="Tell our moderators what is wrong with this post."
        onSubmit={submit}
        variant="destructive"
        pending={report.isPending}
        pendingLabel="Submitting..."
        submitLabel="Submit Report"
      >
        <div className="flex flex-col gap-2">
          <span id={groupId} className="text-sm leading-snug font-medium">
            Reason
          </span>
          <div
            role="radiogroup"
            aria-labelledby={groupId}
            aria-required="true"
            className="grid grid-cols-2 gap-2"
          >
            {REPORT_CATEGORIES.map((option) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-2.5 py-2 text-sm text-card-foreground has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
              >
                <input
                  type="radio"
                  name={groupId}
                  value={option.id}
                  checked={category === option.id}
                  onChange={() => setCategory(option.id)}
                  className="size-4 shrink-0 accent-primary"
                />
                {option.label}
              </label>
            ))}
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex items-baseline justify-between">
            <Label htmlFor={reasonId}>Details (optional)</Label>
            <span id={counterId} className="text-xs text-muted-foreground tabular-nums">
              {textLength(reason)}/{REPORT_REASON_MAX_LENGTH}
            </span>
          </div>
          <Textarea
            id={reasonId}
            value={reason}
            maxLength={utf16Cap(REPORT_REASON_MAX_LENGTH)}
            aria-describedby={counterId}
            onChange={(event) => setReason(clipText(event.target.value, REPORT_REASON_MAX_LENGTH))}
            placeholder="Anything a moderator should know"
            className="min-h-20"
          />
        </div>
      </FormDialog>
    </>
  );
}
