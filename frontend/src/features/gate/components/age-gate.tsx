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
 * Full-screen age and content gate (spec §2) over every page but the legal ones, until the visitor
 * confirms both statements; a new visitor's first page is the gate, so it is in the first download.
 * The confirmations are kept here, so a visit to the terms from the gate does not undo them. A
 * server-rendered page carries it unless the cookie says it was passed (`AgeVerifiedAtRender`); if
 * only storage says so, index.html's script and the stylesheet hide it until hydrated.
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
