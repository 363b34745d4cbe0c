import { PASSWORD_MIN_LENGTH } from '@/lib/password-rules';

export type ChangePasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/** Spec §5 "Change password", checked in this order; the first problem is answered. */
export function changePasswordError(input: Record<ChangePasswordField, string>): {
  field: ChangePasswordField;
  message: string;
} | null {
  if (!input.currentPassword) {
    return { field: 'currentPassword', message: 'Current password is required' };
  }
  if (input.newPassword.length < PASSWORD_MIN_LENGTH) {
    return { field: 'newPassword', message: 'New password must be at least 8 characters' };
  }
  if (!input.confirmPassword) {
    return { field: 'confirmPassword', message: 'Please confirm your new password' };
  }
  if (input.confirmPassword !== input.newPassword) {
    return { field: 'confirmPassword', message: "Passwords don't match" };
  }
  return null;
}
