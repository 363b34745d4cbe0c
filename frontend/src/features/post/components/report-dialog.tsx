import { Flag, FlagOff, TriangleAlert } from 'lucide-react';
import { useId, useState, type ReactNode } from 'react';

import { promptSignUp, toastActionFailure } from '@/components/sign-up-toast';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/dialog-frame';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { errorMessage, errorStatus } from '@/lib/api-client';
import { REPORT_CATEGORIES, type ReportCategory } from '@/lib/report-categories';
import { radioTabStop } from '@/lib/radio-tab-stop';
import { clipText, textLength, utf16Cap } from '@/lib/text-length';
import { useForm } from '@/lib/use-form';

import { useReportPost } from '../api/report-post';

/** The spec's words for a report sent without a reason (its category). */
const REASON_REQUIRED = 'Please provide a reason for reporting this post';

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
  const report = useReportPost(postId);
  // Errors are said in the dialog, not in toasts: a toast opened over a modal dialog takes its
  // Escape (the first press closes the toast) and is outside what a screen reader is reading.
  // A missing category is said beside the choices; the server's refusal (the form's error) at
  // the end, with what was chosen kept.
  const form = useForm({
    initialValues: { category: null as ReportCategory | null, reason: '' },
    validate: ({ category }) => (category ? {} : { category: REASON_REQUIRED }),
    mutation: report,
  });
  const groupId = useId();
  const missingId = useId();
  const reasonId = useId();
  const counterId = useId();
  const missing = form.errors.category;

  const changeOpen = (next: boolean) => {
    setOpen(next);
    // What was chosen stays for another try; the messages go.
    form.reset(form.values);
  };

  const submit = form.handleSubmit(({ category, reason }) => {
    if (!category) return;
    report.mutate(
      { category, reason: reason.trim() },
      {
        onSuccess: () => {
          setOpen(false);
          form.reset();
          toast({
            title: 'Report submitted',
            description: 'Thank you. Our moderators will review this post.',
          });
        },
        onError: (error) => {
          if (errorStatus(error) === 401) {
            // Signed out meanwhile: the dialog gives way to the sign-up prompt.
            setOpen(false);
            toastActionFailure(error, 'Failed to submit report', 'Please try again');
            return;
          }
          form.setFormError(errorMessage(error) ?? 'Please try again.');
        },
      },
    );
  });

  // One button in both states, so the focus the dialog gives back on closing stays on it when
  // it turns into "Reported" (aria-disabled keeps it focusable; a disabled button drops focus).
  const done = reported && !open;
  return (
    <>
      <Button
        variant="ghost"
        className="text-muted-foreground aria-disabled:pointer-events-none aria-disabled:opacity-50"
        aria-disabled={done || undefined}
        onClick={() => {
          if (done) return;
          if (!signedIn) {
            promptSignUp('Please sign up to report posts');
            return;
          }
          changeOpen(true);
        }}
      >
        {done ? <FlagOff aria-hidden="true" /> : <Flag aria-hidden="true" />}
        {done ? 'Reported' : 'Report'}
      </Button>
      <FormDialog
        open={open}
        onOpenChange={changeOpen}
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
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? missingId : undefined}
            className="grid grid-cols-2 gap-2"
          >
            {REPORT_CATEGORIES.map((option, index) => (
              <label
                key={option.id}
                className="flex cursor-pointer items-center gap-2 rounded-md border border-input bg-card px-2.5 py-2 text-sm text-card-foreground has-checked:border-primary has-checked:bg-accent has-checked:text-accent-foreground has-focus-visible:outline-2 has-focus-visible:outline-offset-2 has-focus-visible:outline-ring"
              >
                <input
                  // The first choice takes the focus when none was made.
                  ref={index === 0 ? form.inputRef('category') : undefined}
                  type="radio"
                  name={groupId}
                  value={option.id}
                  checked={form.values.category === option.id}
                  tabIndex={radioTabStop(option.id, form.values.category, REPORT_CATEGORIES[0].id)}
                  onChange={() => form.setValue('category', option.id)}
                  // The label draws the focus ring around the whole choice.
                  className="size-4 shrink-0 accent-primary focus-visible:outline-none"
                />
                {option.label}
              </label>
            ))}
          </div>
          {missing ? (
            <FieldMessage id={missingId}>
              <span>
                <span className="font-semibold">Reason required.</span> {missing}
              </span>
            </FieldMessage>
          ) : null}
        </div>
        <div className="flex flex-col gap-2">
          <div className="flex items-baseline justify-between">
            <Label htmlFor={reasonId}>Details (optional)</Label>
            <span id={counterId} className="text-xs text-muted-foreground tabular-nums">
              {textLength(form.values.reason)}/{REPORT_REASON_MAX_LENGTH}
            </span>
          </div>
          <Textarea
            id={reasonId}
            value={form.values.reason}
            maxLength={utf16Cap(REPORT_REASON_MAX_LENGTH)}
            aria-describedby={counterId}
            onChange={(event) =>
              form.setValue('reason', clipText(event.target.value, REPORT_REASON_MAX_LENGTH))
            }
            placeholder="Anything a moderator should know"
            className="min-h-20"
          />
        </div>
        {form.formError ? (
          <FieldMessage role="alert">
            <span>
              <span className="font-semibold">Failed to submit report.</span> {form.formError}
            </span>
          </FieldMessage>
        ) : null}
      </FormDialog>
    </>
  );
}

/** An error in the dialog, drawn as the form fields draw theirs (components/form-field.tsx). */
function FieldMessage({
  id,
  role,
  children,
}: {
  id?: string;
  role?: 'alert';
  children: ReactNode;
}) {
  return (
    <p
      id={id}
      role={role}
      className="flex items-start gap-1.5 text-sm font-medium text-destructive"
    >
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      {children}
    </p>
  );
}
