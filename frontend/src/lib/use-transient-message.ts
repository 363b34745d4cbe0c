import { useCallback, useEffect, useState } from 'react';

/** Spec §9: success banners disappear after 5 s. */
export const SUCCESS_BANNER_MS = 5000;

/** A message that clears itself after `durationMs`; showing one again (a new entry object) restarts the clock. */
export function useTransientMessage(durationMs = SUCCESS_BANNER_MS) {
  const [entry, setEntry] = useState<{ text: string } | null>(null);

  useEffect(() => {
    if (!entry) return;
    const timer = setTimeout(() => setEntry(null), durationMs);
    return () => clearTimeout(timer);
  }, [entry, durationMs]);

  const show = useCallback((text: string) => setEntry({ text }), []);
  const clear = useCallback(() => setEntry(null), []);

  return { message: entry?.text ?? null, show, clear };
}
