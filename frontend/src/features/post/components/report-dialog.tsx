import { Flag, FlagOff } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { promptSignUp, toastActionFailure } from '@/components/sign-up-toast';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/dialog-frame';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
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

/** Spec §2/§5: anyone but the owner can report a post, with a reason, once at a time. */
export function ReportDialog({ postId, signedIn, reported }: ReportDialogProps) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const report = useReportPost(postId);
  const reasonId = useId();
  const counterId = useId();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = reason.trim();
    if (!trimmed) {
      toast({
        variant: 'destructive',
        title: 'Reason required',
        description: 'Please provide a reason for reporting this post',
      });
      return;
    }
    report.mutate(trimmed, {
      onSuccess: () => {
        setOpen(false);
        setReason('');
        toast({
          title: 'Report submitted',
          description: 'Thank you. Our moderators will review this post.',
        });
      },
      onError: (error) => toastActionFailure(error, 'Failed to submit report', 'Please try again'),
    });
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
        description={
          <>
            Tell our moderators what is wrong: for example a face, another person, nudity, or a
            photo that is not the poster’s own.
          </>
        }
        onSubmit={submit}
        variant="destructive"
        pending={report.isPending}
        pendingLabel="Submitting..."
        submitLabel="Submit Report"
      >
        <div className="flex flex-col gap-2">
          <div className="flex items-baseline justify-between">
            <Label htmlFor={reasonId}>Reason</Label>
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
            placeholder="Why should this post be removed?"
          />
        </div>
      </FormDialog>
    </>
  );
}
