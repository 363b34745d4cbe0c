import { applyDecorators, Controller } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { AdminSession } from '../../application/accounts/account-reads';
import type { AdminAct } from '../../application/moderation/moderation-writes';
import { AdminSignedIn } from '../auth/session.guard';

export const ADMIN_ONLY = {
  401: 'No admin session (a user session, even with isAdmin, does not count)',
};

/**
 * A controller of the back office (spec §2 "Admin"): under `api/rtm-sys`, behind a live admin
 * session, in the document's `admin` section.
 */
export const AdminApi = (path = '') =>
  applyDecorators(
    ApiTags('admin'),
    AdminSignedIn(),
    Controller(path ? `api/rtm-sys/${path}` : 'api/rtm-sys'),
  );

/*
 * The routes of the back office kept the operation ids they had when one controller held them
 * all (`Admin_<method>`): generated clients name their operations by these ids, so each route of
 * the controllers per resource states its own.
 */

/** Who acts: the signed-in admin, under the request's id (`@RequestId()`) as correlation id. */
export function actOf(session: AdminSession, requestId: string): AdminAct {
  return { adminId: session.adminId, correlationId: requestId };
}
