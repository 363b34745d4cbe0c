import { describe, expect, it } from 'vitest';

import { changePasswordError } from './change-password-validation';

const valid = {
  currentPassword: 'old password',
  newPassword: 'new password',
  confirmPassword: 'new password',
};

describe('changePasswordError', () => {
  it('answers the spec wording, first problem first', () => {
    expect(changePasswordError({ ...valid, currentPassword: '' })).toEqual({
      field: 'currentPassword',
      message: 'Current password is required',
    });
    expect(changePasswordError({ ...valid, newPassword: 'short' })?.message).toBe(
      'New password must be at least 8 characters',
    );
    expect(changePasswordError({ ...valid, confirmPassword: '' })?.message).toBe(
      'Please confirm your new password',
    );
    expect(changePasswordError({ ...valid, confirmPassword: 'new passw0rd' })?.message).toBe(
      "Passwords don't match",
    );
    expect(changePasswordError(valid)).toBeNull();
  });
});
