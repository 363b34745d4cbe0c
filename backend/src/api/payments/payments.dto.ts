import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsOptional, IsString, Matches, Max, Min } from 'class-validator';
import type { BoostType } from '../../domain/boost/boost.decider';
import { Checks } from '../shared/validation';

export const BOOST_TYPE_REQUIRED = 'Please choose a regular or mega boost';
export const DONATION_AMOUNT = 'Please enter an amount between $1 and $1,000';

export class BoostCheckoutDto {
  @Checks(IsIn(['regular', 'mega'], { message: BOOST_TYPE_REQUIRED }))
  boostType!: BoostType;
}

export class DonationCheckoutDto {
  /** Integer cents */
  @ApiProperty({ type: 'integer', minimum: 100, maximum: 100000 })
  @Checks(
    IsInt({ message: DONATION_AMOUNT }),
    Min(100, { message: DONATION_AMOUNT }),
    Max(100000, { message: DONATION_AMOUNT }),
  )
  amount!: number;
}

export class ConfirmCheckoutDto {
  /** The `session_id` of the return address */
  @ApiProperty({ maxLength: 255 })
  @Checks(
    IsString({ message: 'A checkout session id is required' }),
    Matches(/^cs_[A-Za-z0-9_]{1,250}$/, {
      message: 'This is not a checkout session id (they start with cs_)',
    }),
  )
  sessionId!: string;
}

const PURCHASES_PAGE = 'page is a whole number from 1';
const PURCHASES_PAGE_SIZE = 'pageSize is a whole number from 1 to 100';

/** A page of the account's own purchases. */
export class PurchasesQueryDto {
  @ApiPropertyOptional({ type: 'integer', minimum: 1, default: 1 })
  @Type(() => Number)
  @Checks(IsOptional(), IsInt({ message: PURCHASES_PAGE }), Min(1, { message: PURCHASES_PAGE }))
  page: number = 1;

  @ApiPropertyOptional({ type: 'integer', minimum: 1, maximum: 100, default: 10 })
  @Type(() => Number)
  @Checks(
    IsOptional(),
    IsInt({ message: PURCHASES_PAGE_SIZE }),
    Min(1, { message: PURCHASES_PAGE_SIZE }),
    Max(100, { message: PURCHASES_PAGE_SIZE }),
  )
  pageSize: number = 10;
}
