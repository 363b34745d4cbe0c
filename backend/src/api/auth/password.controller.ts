import { Body, Controller, HttpCode, Post, Put, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { UserSession } from '../../application/accounts/account-reads';
import { ChangePasswordCommand } from '../../application/accounts/change-password/change-password.command';
import { WrongCurrentPasswordError } from '../../application/accounts/change-password/change-password.handler';
import { ResetPasswordCommand } from '../../application/accounts/reset-password/reset-password.command';
import { Refusals, SuccessResponse } from '../shared/openapi';
import { ResetPasswordDto, UpdatePasswordDto } from './auth.dto';
import { PasswordHashAllowance } from './password-hash-allowance';
import { SignIns } from './sign-ins';
import { CurrentSession, SignedIn } from './session.guard';
import { RequestId } from '../shared/request-id';

/** Setting a new password: with a mailed reset link, or signed in with the current one. */
@Controller('api/auth')
export class PasswordController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly signIns: SignIns,
    private readonly hashes: PasswordHashAllowance,
  ) {}

  @ApiOperation({
    summary: 'Set a new password with a reset link; ends every session of the account',
    description:
      'Ends every session and every remembered browser of the account, and mails the account that its password was changed (with how to get back in).',
  })
  @ApiOkResponse({ type: SuccessResponse })
  @Refusals({
    400: 'The link is unknown, used or expired, or the password breaks the rules (too short or long, spaces only, or too common)',
    429: 'Too many password resets from this address this hour',
  })
  @Post('reset-password')
  @HttpCode(200)
  async resetPassword(
    @Body() body: ResetPasswordDto,
    @Req() request: Request,
    @RequestId() requestId: string,
  ): Promise<{ success: true }> {
    // A reset judges the password and hashes it, like a sign-up, and is limited like one.
    await this.hashes.spend(
      'reset-password',
      request,
      'Too many password resets from your connection.',
    );
    await this.commandBus.execute(new ResetPasswordCommand(body.token, body.password, requestId));
    return { success: true };
  }

  @ApiOperation({
    summary: 'Change the password; ends the account’s other sessions',
    description:
      'Ends every other session and every remembered browser of the account, and mails the account that its password was changed (with how to get back in).',
  })
  @SignedIn()
  @ApiOkResponse({ type: SuccessResponse })
  @Refusals({
    400: 'The current password is wrong, or the new one breaks the rules (too short or long, spaces only, or too common)',
    401: 'Not signed in',
    429: 'Too many wrong current passwords',
  })
  @Put('update-password')
  async updatePassword(
    @Body() body: UpdatePasswordDto,
    @CurrentSession() session: UserSession,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<{ success: true }> {
    await this.signIns.passwordAgain(
      session.userId,
      { request, response },
      new ChangePasswordCommand(
        session.userId,
        session.sessionId,
        body.currentPassword,
        body.newPassword,
        requestId,
      ),
      WrongCurrentPasswordError,
    );
    return { success: true };
  }
}
