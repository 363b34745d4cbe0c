import { useLocation } from '@tanstack/react-router';
import { useContext, useState } from 'react';

import { useHydrated } from '@/lib/use-hydrated';

import {
  AgeVerifiedAtRender,
  isAgeVerified,
  isGateExemptPath,
  rememberAgeVerified,
} from '../age-verification';
import { AgeGateDialog } from './age-gate-dialog';

/**
 * Full-screen age and content gate (spec §2) over every page but the legal ones, until the
 * visitor confirms both statements. It is part of the first download: a new visitor's first
 * page is the gate. The confirmations are kept here, so a visit to the terms from the gate does
 * not undo them. A server-rendered page carries the gate unless the visitor's cookie says they
 * passed it (`AgeVerifiedAtRender`); for one who confirmed in this browser's storage alone,
 * index.html's script marks the document before the first paint and the stylesheet hides the
 * gate, and once hydrated it is gone.
 */
export function AgeGate() {
  const href = useLocation({ select: (location) => location.href });
  const hydrated = useHydrated();
  const verifiedAtRender = useContext(AgeVerifiedAtRender);
  const [confirmedNow, setConfirmedNow] = useState(false);
  const verified = confirmedNow || verifiedAtRender || (hydrated && isAgeVerified());
  const [confirmsAge, setConfirmsAge] = useState(false);
  const [confirmsContent, setConfirmsContent] = useState(false);

  if (verified || isGateExemptPath(href.split(/[?#]/)[0]!)) return null;
  return (
    <AgeGateDialog
      returnTo={href}
      hydrated={hydrated}
      confirmsAge={confirmsAge}
      confirmsContent={confirmsContent}
      onConfirmsAgeChange={setConfirmsAge}
      onConfirmsContentChange={setConfirmsContent}
      onVerified={() => {
        rememberAgeVerified();
        setConfirmedNow(true);
      }}
    />
  );
}
