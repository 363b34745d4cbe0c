import { afterEach, describe, expect, it } from 'vitest';

import {
  captureAdminLoginPath,
  isAdminAreaPath,
  resetAdminLoginPathForTests,
} from './admin-login-document';

function fakeDocument(marked: boolean, pathname: string): Document {
  return {
    querySelector: (selector: string) =>
      marked && selector.includes('admin-login') ? ({} as Element) : null,
    defaultView: { location: { pathname } },
  } as unknown as Document;
}

afterEach(() => resetAdminLoginPathForTests());

describe('captureAdminLoginPath', () => {
  it('answers the path a marked document was loaded at, and keeps it', () => {
    expect(captureAdminLoginPath(fakeDocument(true, '/staff-door'))).toBe('/staff-door');
    // The router may change the address later; the first reading stands.
    expect(captureAdminLoginPath(fakeDocument(true, '/rtm-sys/posts'))).toBe('/staff-door');
  });

  it('answers null for every other document', () => {
    expect(captureAdminLoginPath(fakeDocument(false, '/staff-door'))).toBeNull();
  });
});

describe('isAdminAreaPath', () => {
  it('covers /rtm-sys and below, nothing else', () => {
    expect(isAdminAreaPath('/rtm-sys')).toBe(true);
    expect(isAdminAreaPath('/rtm-sys/posts')).toBe(true);
    expect(isAdminAreaPath('/rtm-sysx')).toBe(false);
    expect(isAdminAreaPath('/')).toBe(false);
  });
});
