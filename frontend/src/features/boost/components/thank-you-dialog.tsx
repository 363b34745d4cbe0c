import { Heart } from 'lucide-react';

import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';

interface ThankYouDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The confirmed amount ("5.00"), when known. */
  amount?: string | null;
}

/** Spec §4: after a donation a thank-you is shown (no upload or leaderboard placement). */
export function ThankYouDialog({ open, onOpenChange, amount }: ThankYouDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md">
        <DialogHeader className="items-center text-center sm:text-center">
          <span className="flex size-14 items-center justify-center rounded-full bg-accent text-accent-foreground">
            <Heart className="size-7 fill-current" aria-hidden="true" />
          </span>
          <DialogTitle className="text-2xl">Thank You!</DialogTitle>
          <DialogDescription>
            {amount
              ? `Your donation of $${amount} keeps SoleScore running. `
              : 'Your donation keeps SoleScore running. '}
            Donations don’t change any ranking; they simply help us keep the lights on.
          </DialogDescription>
        </DialogHeader>
        <DialogFooter className="sm:justify-center">
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
