import { Body, Controller, HttpCode, Inject, Post, Req } from '@nestjs/common';
import { ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import type { Request } from 'express';
import { IsInt, Max, Min } from 'class-validator';
import { CLOCK, type Clock, OffsetClock } from '../../application/shared/clock';
import { NotFoundError } from '../../domain/shared/errors';
import { Refusals } from '../shared/openapi';
import { Checks } from '../shared/validation';
import { isLoopback } from './dev-mail.controller';

const ADVANCE_MESSAGE = 'advanceMs must be a whole number of milliseconds from 0 to one year';

export class AdvanceClockDto {
  @Checks(
    IsInt({ message: ADVANCE_MESSAGE }),
    Min(0, { message: ADVANCE_MESSAGE }),
    Max(366 * 24 * 60 * 60 * 1000, { message: ADVANCE_MESSAGE }),
    ApiProperty({ minimum: 0, description: 'How far to move the app’s clock on, in ms' }),
  )
  advanceMs!: number;
}

export class ClockResponse {
  @ApiProperty({ format: 'date-time', description: 'The app’s time after the move' })
  now!: string;
}

/**
 * Browser tests only (NODE_ENV=test with TEST_CLOCK=true, see AppModule): moves the running
 * app's clock on, so a boost runs out or a week closes without waiting for it.
 */
@Controller('api/dev')
export class DevClockController {
  constructor(@Inject(CLOCK) private readonly clock: Clock) {}

  @ApiOperation({
    summary: 'Test only: move the app’s clock on',
    description: 'Exists only with NODE_ENV=test and TEST_CLOCK=true; answers only this machine.',
  })
  @ApiOkResponse({ type: ClockResponse })
  @Refusals({ 400: ADVANCE_MESSAGE, 404: 'Asked from another machine' })
  @Post('clock')
  @HttpCode(200)
  advance(@Req() request: Request, @Body() body: AdvanceClockDto): ClockResponse {
    if (!isLoopback(request.socket.remoteAddress) || !(this.clock instanceof OffsetClock)) {
      throw new NotFoundError('Not found');
    }
    return { now: this.clock.advance(body.advanceMs).toISOString() };
  }
}
