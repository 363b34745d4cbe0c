import { describe, expect, it } from 'vitest';

import { passwordChecks } from './password-rules';

describe('passwordChecks', () => {
  it('needs at least 8 characters', () => {
    expect(passwordChecks('1234567', '').longEnough).toBe(false);
    expect(passwordChecks('12345678', '').longEnough).toBe(true);
  });

  it('needs a filled-in, equal confirmation', () => {
    expect(passwordChecks('', '').matches).toBe(false);
    expect(passwordChecks('secret12', 'secret1').matches).toBe(false);
    expect(passwordChecks('secret12', 'secret12').matches).toBe(true);
  });
});
