import { ApiProperty } from '@nestjs/swagger';
import type { AdminDocument } from '../../projections/admins/admins.projection';
import { pageFields } from './admin-shared.view';

export class AdminAccountResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  username!: string;
  status!: 'active' | 'disabled';
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
  @ApiProperty({ type: String, format: 'date-time' })
  lastSignedInAt!: string | null;
}

export function toAdminAccount(admin: AdminDocument): AdminAccountResponse {
  return {
    id: admin._id,
    username: admin.username,
    status: admin.status ?? 'active',
    createdAt: admin.createdAt,
    lastSignedInAt: admin.lastSignedInAt,
  };
}

export class AdminAccountPage extends pageFields() {
  items!: AdminAccountResponse[];
}
