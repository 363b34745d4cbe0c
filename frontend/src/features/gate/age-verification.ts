import { localStore } from '@/lib/storage';

/** Spec §2: the confirmation is remembered in localStorage under `ageVerified`. */
export const AGE_VERIFIED_STORAGE_KEY = 'ageVerified';

/** Legal pages stay readable before agreeing: a person must be able to read what they accept. */
export const GATE_EXEMPT_PATHS: readonly string[] = ['/termsofservice', '/privacypolicy'];

export function isAgeVerified(): boolean {
  return localStore.get(AGE_VERIFIED_STORAGE_KEY) === 'true';
}

export function rememberAgeVerified(): void {
  localStore.set(AGE_VERIFIED_STORAGE_KEY, 'true');
}

export function isGateExemptPath(pathname: string): boolean {
  const normalised = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  return GATE_EXEMPT_PATHS.includes(normalised);
}
