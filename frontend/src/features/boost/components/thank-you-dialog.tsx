import { Heart, Receipt } from 'lucide-react';

import { Button, buttonVariants } from '@/components/ui/button';
import { DialogFrame } from '@/components/dialog-frame';

interface ThankYouDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The confirmed amount ("5.00"), when known. */
  amount?: string | null;
  /** The paid charge's receipt page (any donor: the checkout session was the key to it). */
  receiptUrl?: string | null;
}

/** Spec §4: after a donation a thank-you is shown (no upload or leaderboard placement). */
export function ThankYouDialog({ open, onOpenChange, amount, receiptUrl }: ThankYouDialogProps) {
  return (
    <DialogFrame
      open={open}
      onOpenChange={onOpenChange}
      className="max-w-md"
      icon={
        <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
          <Heart className="size-7 fill-current" aria-hidden="true" />
        </span>
      }
      title="Thank You!"
      titleClassName="text-2xl"
      description={
        <>
          {amount
            ? `Your donation of $${amount} keeps SoleScore running. `
            : 'Your donation keeps SoleScore running. '}
          Donations don’t change any ranking; they simply help us keep the lights on.
        </>
      }
      footerClassName="sm:justify-center"
      footer={
        <>
          {receiptUrl ? (
            <a
              href={receiptUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonVariants({ variant: 'outline' })}
            >
              <Receipt aria-hidden="true" />
              View receipt
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          ) : null}
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </>
      }
    />
  );
}
