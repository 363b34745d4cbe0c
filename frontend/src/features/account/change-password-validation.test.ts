import { describe, expect, it } from 'vitest';

import { validateChangePassword } from './change-password-validation';

const valid = {
  currentPassword: 'old password',
  newPassword: 'new password',
  confirmPassword: 'new password',
};

describe('validateChangePassword', () => {
  it('answers the spec wording, first problem first', () => {
    expect(
      validateChangePassword({ currentPassword: '', newPassword: '', confirmPassword: '' }),
    ).toEqual({ currentPassword: 'Current password is required' });
    expect(validateChangePassword({ ...valid, newPassword: 'short' })).toEqual({
      newPassword: 'New password must be at least 8 characters',
    });
    expect(validateChangePassword({ ...valid, confirmPassword: '' })).toEqual({
      confirmPassword: 'Please confirm your new password',
    });
    expect(validateChangePassword({ ...valid, confirmPassword: 'new passw0rd' })).toEqual({
      confirmPassword: "Passwords don't match",
    });
    expect(validateChangePassword(valid)).toEqual({});
  });
});
