import * as DialogPrimitive from '@radix-ui/react-dialog';
import { Link } from '@tanstack/react-router';
import { ShieldCheck } from 'lucide-react';
import { useId } from 'react';

import { LogoWordmark } from '@/components/logo';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';

const AGE_STATEMENT = "I'm 18+ years old and this image shows my own feet.";
const CONTENT_STATEMENT = 'The image shows no faces, people, or identifiable features.';

export interface AgeGateDialogProps {
  confirmsAge: boolean;
  confirmsContent: boolean;
  onConfirmsAgeChange: (checked: boolean) => void;
  onConfirmsContentChange: (checked: boolean) => void;
  /** Both statements confirmed and submitted. */
  onVerified: () => void;
}

/**
 * The gate's dialog (spec §2), loaded only for a visitor who has not confirmed yet. A modal
 * Radix Dialog traps focus and hides the page from assistive technology; it cannot be
 * dismissed with Escape or an outside click.
 */
export function AgeGateDialog({
  confirmsAge,
  confirmsContent,
  onConfirmsAgeChange,
  onConfirmsContentChange,
  onVerified,
}: AgeGateDialogProps) {
  const ageId = useId();
  const contentId = useId();
  const canContinue = confirmsAge && confirmsContent;

  return (
    <DialogPrimitive.Root open>
      <DialogPrimitive.Portal>
        <DialogPrimitive.Overlay className="fixed inset-0 z-[60] bg-background" />
        <DialogPrimitive.Content
          onEscapeKeyDown={(event) => event.preventDefault()}
          onPointerDownOutside={(event) => event.preventDefault()}
          onInteractOutside={(event) => event.preventDefault()}
          className="fixed inset-0 z-[60] flex flex-col overflow-y-auto bg-background"
        >
          <div className="mx-auto flex w-full max-w-lg flex-1 flex-col justify-center gap-8 px-4 py-8 sm:py-12">
            <div className="flex justify-center">
              <Link to="/" className="rounded-md" aria-label="SoleScore home">
                <LogoWordmark />
              </Link>
            </div>

            <div className="rounded-2xl border bg-card p-6 text-card-foreground shadow-sm sm:p-8">
              <div className="mb-6 flex flex-col items-center gap-3 text-center">
                <span className="flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
                  <ShieldCheck className="size-6" aria-hidden="true" />
                </span>
                <DialogPrimitive.Title className="text-xl leading-tight font-bold sm:text-2xl">
                  Before you continue, please confirm the following
                </DialogPrimitive.Title>
                <DialogPrimitive.Description className="text-sm text-muted-foreground">
                  SoleScore is a just-for-fun AI foot rating site for adults.
                </DialogPrimitive.Description>
              </div>

              <form
                className="flex flex-col gap-4"
                onSubmit={(event) => {
                  event.preventDefault();
                  if (canContinue) onVerified();
                }}
              >
                <div className="flex items-start gap-3 rounded-lg border p-4">
                  <Checkbox
                    id={ageId}
                    checked={confirmsAge}
                    onCheckedChange={(checked) => onConfirmsAgeChange(checked === true)}
                    className="mt-0.5"
                  />
                  <Label htmlFor={ageId} className="text-base font-normal">
                    {AGE_STATEMENT}
                  </Label>
                </div>
                <div className="flex items-start gap-3 rounded-lg border p-4">
                  <Checkbox
                    id={contentId}
                    checked={confirmsContent}
                    onCheckedChange={(checked) => onConfirmsContentChange(checked === true)}
                    className="mt-0.5"
                  />
                  <Label htmlFor={contentId} className="text-base font-normal">
                    {CONTENT_STATEMENT}
                  </Label>
                </div>
                <Button type="submit" size="lg" disabled={!canContinue} className="mt-2 w-full">
                  Continue to Site
                </Button>
              </form>
            </div>

            <nav aria-label="Legal" className="flex justify-center gap-6 text-sm">
              <Link
                to="/termsofservice"
                className="rounded-sm text-muted-foreground underline underline-offset-4 hover:text-foreground"
              >
                Terms of Service
              </Link>
              <Link
                to="/privacypolicy"
                className="rounded-sm text-muted-foreground underline underline-offset-4 hover:text-foreground"
              >
                Privacy Policy
              </Link>
            </nav>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </DialogPrimitive.Root>
  );
}
