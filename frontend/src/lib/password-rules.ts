/** Spec §9: passwords have at least 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;

export interface PasswordChecks {
  /** 'At least 8 characters' */
  longEnough: boolean;
  /** 'Passwords match': the confirmation is filled in and equal. */
  matches: boolean;
}

export function passwordChecks(password: string, confirmation: string): PasswordChecks {
  return {
    longEnough: password.length >= PASSWORD_MIN_LENGTH,
    matches: confirmation.length > 0 && password === confirmation,
  };
}
