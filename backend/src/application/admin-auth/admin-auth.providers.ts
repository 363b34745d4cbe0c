import type { Provider } from '@nestjs/common';
import { AdminLogInHandler } from './admin-log-in/admin-log-in.handler';
import { AdminLogOutHandler } from './admin-log-out/admin-log-out.handler';

/** The admins' own sign-in and sign-out (the credentials they check are admin-accounts'). */
export const adminAuthProviders: Provider[] = [AdminLogInHandler, AdminLogOutHandler];
