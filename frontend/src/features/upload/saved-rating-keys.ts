import { localStore, sessionStore } from '@/lib/storage';

/** Where older versions kept a rating chosen to post before registering (sessionStorage). */
export const PENDING_RATING_STORAGE_KEY = 'pendingRating';
/** Where the latest rating is kept (localStorage) for as long as its upload lives. */
export const SAVED_RATING_STORAGE_KEY = 'savedRating';

/**
 * Whether a rating may be saved, without reading it: the home page's first download carries only
 * this, and loads the code that reads, checks and restores a saved rating when there is one.
 */
export function mayHaveSavedRating(): boolean {
  return (
    localStore.get(SAVED_RATING_STORAGE_KEY) !== null ||
    sessionStore.get(PENDING_RATING_STORAGE_KEY) !== null
  );
}
