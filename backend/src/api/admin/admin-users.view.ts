import { ApiProperty } from '@nestjs/swagger';
import type { UserDocument } from '../../projections/users/users.projection';
import { pageFields } from './admin-shared.view';

export class AdminUserResponse {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ type: String, nullable: true }) email!: string | null;
  @ApiProperty({ type: String, nullable: true }) anonymousUsername!: string | null;
  @ApiProperty({ type: String, nullable: true }) displayUsername!: string | null;
  @ApiProperty() isAdmin!: boolean;
  @ApiProperty() emailVerified!: boolean;
  @ApiProperty({ enum: ['active', 'suspended', 'banned'] })
  status!: 'active' | 'suspended' | 'banned';
  @ApiProperty({ type: String, nullable: true }) statusReason!: string | null;
  @ApiProperty({ format: 'date-time' }) createdAt!: string;
}

export function toAdminUser(user: UserDocument): AdminUserResponse {
  return {
    id: user._id,
    email: user.email ?? null,
    anonymousUsername: user.anonymousUsername ?? null,
    displayUsername: user.displayUsername ?? null,
    isAdmin: user.isAdmin === true,
    emailVerified: user.emailVerified === true,
    status: user.status ?? 'active',
    statusReason: user.statusReason ?? null,
    createdAt: user.createdAt,
  };
}

export class AdminUserPage extends pageFields() {
  @ApiProperty({ type: [AdminUserResponse] }) items!: AdminUserResponse[];
}
