import { ApiProperty } from '@nestjs/swagger';

export class PersonResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  /** Display name, or the anonymous username */
  name!: string;

  email!: string | null;
}

/** The page fields every admin list answers beside its items. */
export const pageFields = () => {
  class PageFields {
    @ApiProperty() total!: number;
    @ApiProperty() page!: number;
    @ApiProperty() pageSize!: number;
  }
  return PageFields;
};
