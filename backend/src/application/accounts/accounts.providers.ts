import { GetPublicProfileHandler } from './public-profile/public-profile.handler';
import { RegisterUserHandler } from './register-user/register-user.handler';
import { RequestPasswordResetHandler } from './request-password-reset/request-password-reset.handler';
import { ResendVerificationHandler } from './resend-verification/resend-verification.handler';
import { ResetPasswordHandler } from './reset-password/reset-password.handler';
import { ChangePasswordHandler } from './change-password/change-password.handler';
import { ChangeProfilePictureHandler } from './set-profile-picture/set-profile-picture.handler';
import { LogInHandler } from './sign-in/sign-in.handler';
import { LogOutHandler } from './sign-out/sign-out.handler';
import { SignOutEverywhereHandler } from './sign-out-everywhere/sign-out-everywhere.handler';
import { GetSignedInBrowsersHandler } from './signed-in-browsers/signed-in-browsers.handler';
import { ChangeEmailPreferencesHandler } from './update-email-preferences/update-email-preferences.handler';
import { UpdateProfileHandler } from './update-profile/update-profile.handler';
import { VerifyEmailHandler } from './verify-email/verify-email.handler';

/** The accounts context's use cases, one folder each; the accounts module registers them. */
export const ACCOUNTS_HANDLERS = [
  RegisterUserHandler,
  VerifyEmailHandler,
  ResendVerificationHandler,
  LogInHandler,
  LogOutHandler,
  SignOutEverywhereHandler,
  GetSignedInBrowsersHandler,
  RequestPasswordResetHandler,
  ResetPasswordHandler,
  ChangePasswordHandler,
  ChangeEmailPreferencesHandler,
  UpdateProfileHandler,
  ChangeProfilePictureHandler,
  GetPublicProfileHandler,
];
