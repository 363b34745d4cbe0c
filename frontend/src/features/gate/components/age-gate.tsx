import { useLocation } from '@tanstack/react-router';
import { useState } from 'react';

import { useHydrated } from '@/lib/use-hydrated';

import { isAgeVerified, isGateExemptPath, rememberAgeVerified } from '../age-verification';
import { AgeGateDialog } from './age-gate-dialog';

/**
 * Full-screen age and content gate (spec §2) over every page but the legal ones, until the
 * visitor confirms both statements. It is part of the first download: a new visitor's first
 * page is the gate. The confirmations are kept here, so a visit to the terms from the gate does
 * not undo them. A server-rendered page carries the gate for every visitor (the server cannot
 * know who confirmed); index.html's script marks a confirmed visitor's document before the first
 * paint and the stylesheet hides the gate there, and once hydrated it is gone for them.
 */
export function AgeGate() {
  const pathname = useLocation({ select: (location) => location.pathname });
  const hydrated = useHydrated();
  const [confirmedNow, setConfirmedNow] = useState(false);
  const verified = confirmedNow || (hydrated && isAgeVerified());
  const [confirmsAge, setConfirmsAge] = useState(false);
  const [confirmsContent, setConfirmsContent] = useState(false);

  if (verified || isGateExemptPath(pathname)) return null;
  return (
    <AgeGateDialog
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
