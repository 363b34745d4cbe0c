import type { Provider } from '@nestjs/common';
import { AdminCredentials } from './admin-credentials';
import { AdminRoster } from './admin-roster';
import { ConfiguredAdmin } from './configured-admin';
import { CreateAdminHandler } from './create-admin/create-admin.handler';
import { DisableAdminHandler } from './disable-admin/disable-admin.handler';
import { ListAdminsHandler } from './list-admins/list-admins.handler';
import { SetAdminPasswordHandler } from './set-admin-password/set-admin-password.handler';

/** The admins themselves: their accounts (each change re-authenticated), roster and credentials. */
export const adminAccountsProviders: Provider[] = [
  AdminCredentials,
  AdminRoster,
  ConfiguredAdmin,
  ListAdminsHandler,
  CreateAdminHandler,
  DisableAdminHandler,
  SetAdminPasswordHandler,
];
