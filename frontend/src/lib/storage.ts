/**
 * Web Storage can throw (private mode, disabled cookies, quota): these wrappers never do,
 * so a storage failure degrades to "nothing remembered" instead of a blank page.
 */

type StorageKind = 'local' | 'session';

function getStorage(kind: StorageKind): Storage | null {
  try {
    if (typeof window === 'undefined') return null;
    return kind === 'local' ? window.localStorage : window.sessionStorage;
  } catch {
    return null;
  }
}

function read(kind: StorageKind, key: string): string | null {
  try {
    return getStorage(kind)?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(kind: StorageKind, key: string, value: string): boolean {
  try {
    const storage = getStorage(kind);
    if (!storage) return false;
    storage.setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

function remove(kind: StorageKind, key: string): void {
  try {
    getStorage(kind)?.removeItem(key);
  } catch {
    // Nothing to clean up if storage is unavailable.
  }
}

export const localStore = {
  get: (key: string) => read('local', key),
  set: (key: string, value: string) => write('local', key, value),
  remove: (key: string) => remove('local', key),
};

export const sessionStore = {
  get: (key: string) => read('session', key),
  set: (key: string, value: string) => write('session', key, value),
  remove: (key: string) => remove('session', key),
};
