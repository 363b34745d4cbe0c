import { Controller, Get, Header } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import type { UserSession } from '../../application/accounts/account-reads';
import { GetPostingSuspensionQuery } from '../../application/community/get-posting-suspension/get-posting-suspension.query';
import { CurrentSession, SignedIn } from '../auth/session.guard';
import { Refusals } from '../shared/openapi';

export class PostingSuspensionResponse {
  @ApiProperty({
    type: String,
    format: 'date-time',
    nullable: true,
    description: 'When the account may post, comment and rate again; null when it may now',
  })
  suspendedUntil!: string | null;
  @ApiProperty({
    type: String,
    nullable: true,
    description: 'What a refused write says while suspended',
  })
  message!: string | null;
}

/** The signed-in member's own posting suspension (the banner while it runs). */
@Controller('api')
export class PostingSuspensionController {
  constructor(private readonly queryBus: QueryBus) {}

  @ApiOperation({
    summary: 'Whether the signed-in account is suspended from posting, and until when',
  })
  @SignedIn()
  @ApiOkResponse({ type: PostingSuspensionResponse })
  @Refusals({ 401: 'Not signed in' })
  @Get('user/posting-suspension')
  @Header('Cache-Control', 'no-store')
  suspension(@CurrentSession() session: UserSession): Promise<PostingSuspensionResponse> {
    return this.queryBus.execute(new GetPostingSuspensionQuery(session.userId));
  }
}
