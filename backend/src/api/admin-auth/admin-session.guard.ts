/**
 * The admin form of the one session mechanism (`api/auth/session.guard.ts`): a live admin session
 * (`admin_sid`) opens the admin api; a user session, even of a user flagged isAdmin, does not.
 */
export {
  ADMIN_SIGN_IN_REQUIRED,
  AdminSessionGuard,
  AdminSignedIn,
  CurrentSession as CurrentAdminSession,
  OptionalAdminSession,
} from '../auth/session.guard';
