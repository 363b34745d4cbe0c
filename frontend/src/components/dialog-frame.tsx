import { TriangleAlert } from 'lucide-react';
import type { FormEvent, ReactNode } from 'react';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '@/components/ui/dialog';
import { PendingButton } from '@/components/ui/pending-button';
import { cn } from '@/lib/cn';

export interface DialogFrameProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** The button that opens the dialog, when the dialog owns its opening. */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  /** Shown above the title (an illustration); the header is then centred. */
  icon?: ReactNode;
  /** What stands between the header and the footer. */
  children?: ReactNode;
  /** The actions, in the dialog's footer. */
  footer?: ReactNode;
  className?: string;
  titleClassName?: string;
  footerClassName?: string;
}

/** The frame every dialog shares: trigger, title, description, its content and its actions. */
export function DialogFrame({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  icon,
  children,
  footer,
  className,
  titleClassName,
  footerClassName,
}: DialogFrameProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent className={className}>
        <DialogHeader className={icon ? 'items-center text-center sm:text-center' : undefined}>
          {icon}
          <DialogTitle className={titleClassName}>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        {children}
        {footer ? <DialogFooter className={footerClassName}>{footer}</DialogFooter> : null}
      </DialogContent>
    </Dialog>
  );
}

/** Cancel: closes the dialog (through its `onOpenChange`). */
export function CancelButton({
  disabled,
  label = 'Cancel',
}: {
  disabled?: boolean;
  label?: string;
}) {
  return (
    <DialogClose asChild>
      <Button type="button" variant="outline" disabled={disabled}>
        {label}
      </Button>
    </DialogClose>
  );
}

interface FormDialogProps extends Omit<DialogFrameProps, 'children' | 'footer' | 'icon'> {
  /** The form's fields. */
  children: ReactNode;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  submitLabel: ReactNode;
  pending: boolean;
  pendingLabel?: string;
  variant?: 'default' | 'destructive';
  /** Cancel cannot be pressed while the form is sent (an action that cannot be stopped). */
  lockWhilePending?: boolean;
  formClassName?: string;
}

/** A dialog holding a form: its fields, then Cancel and the submit button with its pending state. */
export function FormDialog({
  children,
  onSubmit,
  submitLabel,
  pending,
  pendingLabel,
  variant = 'default',
  lockWhilePending = false,
  formClassName,
  ...frame
}: FormDialogProps) {
  return (
    <DialogFrame {...frame}>
      <form noValidate onSubmit={onSubmit} className={cn('flex flex-col gap-4', formClassName)}>
        {children}
        <DialogFooter>
          <CancelButton disabled={lockWhilePending && pending} />
          <PendingButton
            type="submit"
            variant={variant}
            pending={pending}
            pendingLabel={pendingLabel}
          >
            {submitLabel}
          </PendingButton>
        </DialogFooter>
      </form>
    </DialogFrame>
  );
}

/**
 * A refusal said inside its dialog, above the actions: spec §8's title, then the reason. A toast
 * would wait until the dialog closed (see components/ui/open-dialogs.ts).
 */
export function DialogError({ title, message }: { title: string; message: string }) {
  return (
    <p role="alert" className="flex items-start gap-1.5 text-sm font-medium text-destructive">
      <TriangleAlert className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
      <span>
        <span className="font-semibold">{title}.</span> {message}
      </span>
    </p>
  );
}
