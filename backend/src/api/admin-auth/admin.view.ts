import { ApiProperty } from '@nestjs/swagger';

/** The signed-in admin. */
export class AdminResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  username!: string;
}
