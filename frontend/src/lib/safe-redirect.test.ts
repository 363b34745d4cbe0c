import { describe, expect, it } from 'vitest';

import { safeRedirectPath } from './safe-redirect';

describe('safeRedirectPath', () => {
  it('keeps paths inside the app', () => {
    expect(safeRedirectPath('/account/settings')).toBe('/account/settings');
    expect(safeRedirectPath('/user/1?tab=posts#top')).toBe('/user/1?tab=posts#top');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      'https://evil.example',
      '//evil.example',
      '/\\evil.example',
      'javascript:alert(1)',
      'account',
      42,
      undefined,
    ]) {
      expect(safeRedirectPath(value)).toBeNull();
    }
  });
});
