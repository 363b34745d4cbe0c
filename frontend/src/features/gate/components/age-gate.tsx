import { useLocation } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';

import { isAgeVerified, isGateExemptPath, rememberAgeVerified } from '../age-verification';

// Only a visitor who has not confirmed yet downloads the dialog (and Radix Dialog with it).
const AgeGateDialog = lazy(() =>
  import('./age-gate-dialog').then((module) => ({ default: module.AgeGateDialog })),
);

/**
 * Full-screen age and content gate (spec §2) over every page but the legal ones, until the
 * visitor confirms both statements. While the dialog loads, a blank screen covers the page.
 * The confirmations are kept here, so a visit to the terms from the gate does not undo them.
 */
export function AgeGate() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const [verified, setVerified] = useState(isAgeVerified);
  const [confirmsAge, setConfirmsAge] = useState(false);
  const [confirmsContent, setConfirmsContent] = useState(false);

  if (verified || isGateExemptPath(pathname)) return null;
  return (
    <Suspense fallback={<div className="fixed inset-0 z-[60] bg-background" />}>
      <AgeGateDialog
        confirmsAge={confirmsAge}
        confirmsContent={confirmsContent}
        onConfirmsAgeChange={setConfirmsAge}
        onConfirmsContentChange={setConfirmsContent}
        onVerified={() => {
          rememberAgeVerified();
          setVerified(true);
        }}
      />
    </Suspense>
  );
}
