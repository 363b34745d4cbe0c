import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * False while React hydrates a server-rendered page (the server knows nothing of this browser:
 * its storage, its theme), true in every other render. A component that reads the browser
 * renders what the server did first, then its own state, so hydration finds the same markup.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
