import { PASSWORD_MIN_LENGTH } from '@/lib/password-rules';
import type { FieldErrors } from '@/lib/use-form';

export type ChangePasswordField = 'currentPassword' | 'newPassword' | 'confirmPassword';

/**
 * Spec §5 "Change password", checked in this order: only the first problem is answered, next
 * to its field.
 */
export function validateChangePassword(
  input: Record<ChangePasswordField, string>,
): FieldErrors<ChangePasswordField> {
  if (!input.currentPassword) return { currentPassword: 'Current password is required' };
  if (input.newPassword.length < PASSWORD_MIN_LENGTH) {
    return { newPassword: 'New password must be at least 8 characters' };
  }
  if (!input.confirmPassword) return { confirmPassword: 'Please confirm your new password' };
  if (input.confirmPassword !== input.newPassword) {
    return { confirmPassword: "Passwords don't match" };
  }
  return {};
}
