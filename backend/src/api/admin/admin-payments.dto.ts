import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional } from 'class-validator';
import {
  BOOST_FILTERS,
  type BoostFilter,
} from '../../application/moderation/list-boosts/list-boosts.query';
import {
  DISPUTE_STATUSES,
  type DisputeStatus,
  PAYMENT_FACT_KINDS,
  type PaymentFactKind,
} from '../../application/moderation/list-payments/list-payments.query';
import { Checks } from '../shared/validation';
import { AdminPageQueryDto, OptionalUuid, RequiredReason } from './admin-shared.dto';

export class AdminBoostsQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({ enum: BOOST_FILTERS, default: 'all' })
  @Checks(
    IsOptional(),
    IsIn(BOOST_FILTERS, {
      message: 'status must be all, unclaimed, active, expired, withdrawn or refunded',
    }),
  )
  status: BoostFilter = 'all';

  @OptionalUuid('userId', 'Only this buyer’s boosts')
  userId?: string;

  @OptionalUuid('postId', 'Only boosts applied to this post')
  postId?: string;
}

export class AdminPaymentsQueryDto extends AdminPageQueryDto {
  /** Only this kind of fact */
  @ApiProperty({ enum: PAYMENT_FACT_KINDS })
  @Checks(
    IsOptional(),
    IsIn(PAYMENT_FACT_KINDS, { message: 'kind must be purchase, donation, refund or dispute' }),
  )
  kind?: PaymentFactKind;

  @OptionalUuid('userId', 'Only this buyer’s or donor’s payments')
  userId?: string;

  /** Only disputes in this state */
  @ApiProperty({ enum: DISPUTE_STATUSES })
  @Checks(
    IsOptional(),
    IsIn(DISPUTE_STATUSES, { message: 'disputeStatus must be open, suspended, kept or lifted' }),
  )
  disputeStatus?: DisputeStatus;
}

export class ResolveDisputeDto {
  /** true lifts the suspension of the buyer’s boost purchases, false keeps it */
  @Checks(IsBoolean({ message: 'liftSuspension must be true or false' }))
  liftSuspension!: boolean;

  @RequiredReason()
  reason!: string;
}
