import type { Provider } from '@nestjs/common';
import { AdminLogInHandler } from '../admin-auth/admin-log-in/admin-log-in.handler';
import { AdminLogOutHandler } from '../admin-auth/admin-log-out/admin-log-out.handler';
import { AdminCredentials } from './admin-credentials';
import { AdminRoster } from './admin-roster';
import { ConfiguredAdmin } from './configured-admin';
import { CreateAdminHandler } from './create-admin/create-admin.handler';
import { DisableAdminHandler } from './disable-admin/disable-admin.handler';
import { ListAdminsHandler } from './list-admins/list-admins.handler';
import { SetAdminPasswordHandler } from './set-admin-password/set-admin-password.handler';

/** The admins themselves: signing in and out, and the admin accounts (each change re-authenticated). */
export const adminAccountsProviders: Provider[] = [
  AdminCredentials,
  AdminRoster,
  ConfiguredAdmin,
  AdminLogInHandler,
  AdminLogOutHandler,
  ListAdminsHandler,
  CreateAdminHandler,
  DisableAdminHandler,
  SetAdminPasswordHandler,
];
