import { Link } from '@tanstack/react-router';
import { Check, ShieldCheck } from 'lucide-react';
import { useId, useLayoutEffect, useRef } from 'react';

import { LogoWordmark } from '@/components/logo';
import { Button } from '@/components/ui/button';

import { isAgeVerified } from '../age-verification';

const AGE_STATEMENT = "I'm 18+ years old.";
const RULES_STATEMENT =
  "I'll post only photos of my own feet, with no faces, people, or identifiable features.";

export interface AgeGateDialogProps {
  /** The page to come back to once the form is sent without a script (path and query). */
  returnTo: string;
  /** A script runs the page: the form is its own, not the server's. */
  hydrated: boolean;
  confirmsAge: boolean;
  confirmsContent: boolean;
  onConfirmsAgeChange: (checked: boolean) => void;
  onConfirmsContentChange: (checked: boolean) => void;
  /** Both statements confirmed and submitted. */
  onVerified: () => void;
}

/**
 * The gate's dialog (spec §2): the browser's own modal <dialog>, which keeps focus inside it
 * and makes the page behind it inert, so every visitor's first page needs no dialog library. It
 * cannot be dismissed: Escape is refused, and should the browser close it anyway (a repeated
 * Escape may), it opens again.
 */
export function AgeGateDialog({
  returnTo,
  hydrated,
  confirmsAge,
  confirmsContent,
  onConfirmsAgeChange,
  onConfirmsContentChange,
  onVerified,
}: AgeGateDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const canContinue = confirmsAge && confirmsContent;
  // Until a script runs (`hydrated`), the form is a plain POST to the server (which sets the
  // gate's cookie and sends the visitor back here): the browser then asks for both boxes
  // (`required`), and the button cannot wait for a script to enable it.

  // Before the first paint, so the page behind never shows. `showModal()` would focus the logo's
  // link, and a focus the browser moves on a fresh page counts as visible (the logo wore a ring on
  // every first visit), so the dialog takes the focus itself. A server-rendered page drew it open,
  // not modal (that takes script); it becomes modal here. For a visitor who confirmed before, the
  // stylesheet hides it and it goes once hydrated, nothing made inert meanwhile.
  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog || isAgeVerified()) return;
    // Drawn open (the server's markup, or a second run of this effect): opened as modal anew.
    dialog.close();
    dialog.showModal();
    dialog.focus();
  }, []);

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={titleId}
      aria-describedby={descriptionId}
      onCancel={(event) => event.preventDefault()}
      onClose={(event) => {
        const dialog = event.currentTarget;
        if (dialog.isConnected && !dialog.open) dialog.showModal();
      }}
      // Open in the server's HTML, so the gate covers the page before any script runs.
      open
      tabIndex={-1}
      className="fixed inset-0 z-50 outline-none m-0 size-full max-h-none max-w-none overflow-y-auto overscroll-contain border-0 bg-background p-0 text-foreground backdrop:bg-background"
    >
      <div className="mx-auto flex min-h-full w-full max-w-lg flex-col justify-center gap-8 px-4 py-8 sm:py-12">
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
            <h2 id={titleId} className="text-xl leading-tight font-bold sm:text-2xl">
              Before you continue, please confirm the following
            </h2>
            <p id={descriptionId} className="text-sm text-muted-foreground">
              SoleScore is a just-for-fun AI foot rating site for adults.
            </p>
          </div>

          <form
            method="post"
            action="/age-check"
            className="flex flex-col gap-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (canContinue) onVerified();
            }}
          >
            <input type="hidden" name="returnTo" value={returnTo} />
            <Statement name="confirmsAge" checked={confirmsAge} onChange={onConfirmsAgeChange}>
              {AGE_STATEMENT}
            </Statement>
            <Statement
              name="confirmsContent"
              checked={confirmsContent}
              onChange={onConfirmsContentChange}
            >
              {RULES_STATEMENT}
            </Statement>
            <Button
              type="submit"
              size="lg"
              disabled={hydrated && !canContinue}
              className="mt-2 w-full"
            >
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
    </dialog>
  );
}

/** One statement to confirm: a native checkbox drawn like the app's others, and its label. */
function Statement({
  name,
  checked,
  onChange,
  children,
}: {
  /** The field a form sent without a script carries (`on` when ticked). */
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: string;
}) {
  const id = useId();
  return (
    <div className="flex items-start gap-3 rounded-lg border p-4">
      <span className="relative mt-0.5 flex size-5 shrink-0">
        <input
          id={id}
          name={name}
          type="checkbox"
          required
          checked={checked}
          onChange={(event) => onChange(event.currentTarget.checked)}
          className="peer size-5 appearance-none rounded-sm border-2 border-input bg-card transition-colors checked:border-primary checked:bg-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring forced-colors:appearance-auto"
        />
        <Check
          className="pointer-events-none absolute inset-0 m-auto hidden size-4 text-primary-foreground peer-checked:block forced-colors:hidden"
          strokeWidth={3}
          aria-hidden="true"
        />
      </span>
      <label htmlFor={id} className="text-base leading-snug">
        {children}
      </label>
    </div>
  );
}
