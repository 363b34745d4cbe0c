import { ApiProperty } from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Matches, Max, Min } from 'class-validator';
import type { BoostType } from '../../domain/boost/boost.decider';
import { Checks } from '../shared/validation';

export const BOOST_TYPE_REQUIRED = 'Please choose a regular or mega boost';
export const DONATION_AMOUNT = 'Please enter an amount between $1 and $1,000';

export class BoostCheckoutDto {
  @ApiProperty({ enum: ['regular', 'mega'] })
  @Checks(IsIn(['regular', 'mega'], { message: BOOST_TYPE_REQUIRED }))
  boostType!: BoostType;
}

export class DonationCheckoutDto {
  @ApiProperty({ type: 'integer', minimum: 100, maximum: 100000, description: 'Integer cents' })
  @Checks(
    IsInt({ message: DONATION_AMOUNT }),
    Min(100, { message: DONATION_AMOUNT }),
    Max(100000, { message: DONATION_AMOUNT }),
  )
  amount!: number;
}

export class ConfirmCheckoutDto {
  @ApiProperty({ maxLength: 255, description: 'The `session_id` of the return address' })
  @Checks(
    IsString({ message: 'A checkout session id is required' }),
    Matches(/^cs_[A-Za-z0-9_]{1,250}$/, {
      message: 'This is not a checkout session id (they start with cs_)',
    }),
  )
  sessionId!: string;
}
