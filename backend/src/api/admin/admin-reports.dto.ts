import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import type { ReportFilter } from '../../application/moderation/list-reports/list-reports.query';
import { REPORT_STATUSES } from '../../domain/report/report.decider';
import { MAX_MODERATION_REASON_LENGTH } from '../../domain/shared/moderation';
import { Checks, Omittable } from '../shared/validation';
import { AdminPageQueryDto, OptionalUuid } from './admin-shared.dto';

const REPORT_FILTERS: ReportFilter[] = ['all', 'pending', 'reviewed', 'dismissed'];

export class AdminReportsQueryDto extends AdminPageQueryDto {
  @ApiPropertyOptional({ enum: REPORT_FILTERS, default: 'all' })
  @Checks(
    IsOptional(),
    IsIn(REPORT_FILTERS, { message: 'status must be all, pending, reviewed or dismissed' }),
  )
  status: ReportFilter = 'all';

  @OptionalUuid('postId')
  postId?: string;

  @OptionalUuid('authorId', 'Reports against this author’s posts')
  authorId?: string;
}

export class PatchReportDto {
  @ApiProperty({ enum: REPORT_STATUSES })
  @Checks(IsIn(REPORT_STATUSES, { message: 'status must be reviewed or dismissed' }))
  status!: 'reviewed' | 'dismissed';

  /** Hide the post in the same step */
  @ApiProperty({ default: false })
  @Checks(Omittable(), IsBoolean({ message: 'hidePost must be true or false' }))
  hidePost?: boolean;

  @ApiProperty({ type: String, maxLength: MAX_MODERATION_REASON_LENGTH })
  @Checks(
    IsOptional(),
    IsString({ message: 'note is text' }),
    MaxLength(MAX_MODERATION_REASON_LENGTH, { message: 'A note must be at most 500 characters' }),
  )
  note?: string | null;
}
