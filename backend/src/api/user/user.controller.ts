import {
  Body,
  Controller,
  Delete,
  Get,
  Header,
  HttpCode,
  Param,
  Patch,
  Post,
  Res,
  UploadedFile,
} from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiProperty } from '@nestjs/swagger';
import type { Response } from 'express';
import type { UserSession } from '../../application/accounts/account-reads';
import { ChangeProfilePictureCommand } from '../../application/accounts/set-profile-picture/set-profile-picture.command';
import { LogOutCommand } from '../../application/accounts/sign-out/sign-out.command';
import { SignOutEverywhereCommand } from '../../application/accounts/sign-out-everywhere/sign-out-everywhere.command';
import { GetSignedInBrowsersQuery } from '../../application/accounts/signed-in-browsers/signed-in-browsers.query';
import { UpdateProfileCommand } from '../../application/accounts/update-profile/update-profile.command';
import { NotAnImageError } from '../../application/ports/image-processor.port';
import { toUserResponse, UserResponse } from '../auth/user.view';
import { publicProfileAnswer } from './public-profile-answer';
import { CurrentSession, SignedIn, VerifiedAccount } from '../auth/session.guard';
import { ImageUpload } from '../upload/image-upload';
import { RepeatableWriteLimit } from '../shared/write-limits';
import { ImageUploadBody, Refusals, setsCookie, SuccessResponse } from '../shared/openapi';
import { SessionCookies } from '../auth/session-cookies';
import { ProfilePictureResponse, PublicProfileResponse } from './profile.view';
import { UpdateProfileDto } from './user.dto';
import { RequestId } from '../shared/request-id';

/** One signed-in browser of the account. */
export class SessionResponse {
  @ApiProperty({ format: 'uuid' })
  id!: string;

  @ApiProperty({
    type: String,
    nullable: true,
    description: '"Firefox on Linux", or null when the browser did not say',
  })
  browser!: string | null;

  @ApiProperty({ format: 'date-time' })
  signedInAt!: string;

  @ApiProperty({ format: 'date-time' })
  expiresAt!: string;

  @ApiProperty({ description: 'The browser asking' })
  current!: boolean;
}

/** The signed-in user's profile, and everyone's public profiles (spec §7 "Profile and user"). */
@Controller('api')
export class UserController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly cookies: SessionCookies,
  ) {}

  @ApiOperation({ summary: 'The signed-in user’s account and profile' })
  @SignedIn()
  @ApiOkResponse({ type: UserResponse })
  @Refusals({ 401: 'Not signed in' })
  @Get('user')
  @Header('Cache-Control', 'no-store')
  currentProfile(@CurrentSession() session: UserSession): UserResponse {
    return toUserResponse(session.user);
  }

  /** The account's signed-in browsers, newest first, this one marked `current`. */
  @ApiOperation({ summary: 'The account’s signed-in browsers, newest first' })
  @SignedIn()
  @ApiOkResponse({ type: SessionResponse, isArray: true })
  @Refusals({ 401: 'Not signed in' })
  @Get('user/sessions')
  @Header('Cache-Control', 'no-store')
  async sessions(@CurrentSession() session: UserSession): Promise<SessionResponse[]> {
    const sessions = await this.queryBus.execute(new GetSignedInBrowsersQuery(session.userId));
    return sessions.map((s) => ({
      id: s.sessionId,
      browser: s.browser ?? null,
      signedInAt: s.startedAt,
      expiresAt: s.expiresAt,
      current: s.sessionId === session.sessionId,
    }));
  }

  /**
   * Signs out everywhere: every session of the account ends, this one included, and every
   * browser remembered for its sign-in is forgotten (none passes its failed-sign-in limits).
   */
  @ApiOperation({
    summary: 'Sign out everywhere',
    description:
      'Ends every session of the account, this browser’s included, and forgets every browser remembered for its sign-in (`known_browser`): none of them is let through the account’s failed-sign-in limits any more.',
  })
  @SignedIn()
  @ApiOkResponse({ type: SuccessResponse, headers: setsCookie('Clears `sid`') })
  @Refusals({ 401: 'Not signed in' })
  @Delete('user/sessions')
  async endAllSessions(
    @CurrentSession() session: UserSession,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<{ success: true }> {
    await this.commandBus.execute(new SignOutEverywhereCommand(session.userId, requestId));
    this.cookies.clearUser(response);
    return { success: true };
  }

  /** Signs one of the account's browsers out (this one too, if asked); 404 for any other. */
  @ApiOperation({ summary: 'Sign one of the account’s browsers out' })
  @SignedIn()
  @ApiOkResponse({ type: SuccessResponse })
  @Refusals({ 401: 'Not signed in', 404: 'No session of this account has that id' })
  @Delete('user/sessions/:id')
  async endSession(
    @Param('id') id: string,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ): Promise<{ success: true }> {
    await this.commandBus.execute(new LogOutCommand(session.userId, id, requestId, true));
    return { success: true };
  }

  @ApiOperation({ summary: 'Edit the display name, bio and social links' })
  @VerifiedAccount()
  @ApiOkResponse({ type: UserResponse })
  @Refusals({
    400: 'A field that breaks the profile rules (the message says which)',
    401: 'Not signed in',
    403: 'The email is not verified yet',
    409: 'The display name is taken',
    429: 'Too many profile changes from this account or address (Retry-After says when to try again)',
  })
  @Patch('user/profile')
  // Guards run bottom-up as written here: the session is read before the write is counted.
  @RepeatableWriteLimit('profile')
  async updateProfile(
    @Body() body: UpdateProfileDto,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ): Promise<UserResponse> {
    const user = await this.commandBus.execute(
      new UpdateProfileCommand(
        session.userId,
        { displayUsername: body.displayUsername, bio: body.bio, socialLinks: body.socialLinks },
        requestId,
      ),
    );
    return toUserResponse(user);
  }

  @ApiOperation({ summary: 'Set the profile picture (shares the upload allowance)' })
  @VerifiedAccount()
  @ImageUploadBody('picture', 'A JPEG, PNG, WebP or AVIF image of at most 10 MB')
  @ApiOkResponse({ type: ProfilePictureResponse })
  @Refusals({
    400: 'No picture, or not an image',
    401: 'Not signed in',
    403: 'The email is not verified yet',
    413: 'The image is over 10 MB',
    422: 'The content check refused the picture',
    429: 'Upload allowance of this address used up for this hour, or too many profile changes from this account',
    503: 'The content check is unavailable',
  })
  @Post('user/profile/picture')
  @HttpCode(200)
  // Decoding images costs CPU (and the rater money): pictures share the upload allowance, and
  // count as profile changes of the account.
  @RepeatableWriteLimit('profile')
  @ImageUpload('picture')
  async uploadPicture(
    @UploadedFile() file: Express.Multer.File | undefined,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ): Promise<ProfilePictureResponse> {
    if (!file || file.size === 0) throw new NotAnImageError();
    const { profilePictureUrl } = await this.commandBus.execute(
      new ChangeProfilePictureCommand(session.userId, file.buffer, requestId),
    );
    return { success: true, profilePictureUrl };
  }

  @ApiOperation({ summary: 'A public profile and its public posts, newest first' })
  @ApiOkResponse({ type: PublicProfileResponse })
  @Refusals({ 404: 'No such user' })
  @Get('users/:userId')
  async publicProfile(@Param('userId') userId: string): Promise<PublicProfileResponse> {
    return publicProfileAnswer(this.queryBus, userId);
  }
}
