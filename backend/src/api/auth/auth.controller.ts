import {
  Body,
  Controller,
  Get,
  Header,
  HttpCode,
  Inject,
  Patch,
  Post,
  Req,
  Res,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import {
  ApiCreatedResponse,
  ApiNoContentResponse,
  ApiOkResponse,
  ApiOperation,
} from '@nestjs/swagger';
import type { Request, Response } from 'express';
import type { UserSession } from '../../application/accounts/account-reads';
import { AccountKeys } from '../../application/accounts/account-secrets';
import type { ClientOrigin } from '../../application/accounts/client-marks';
import { RegisterUserCommand } from '../../application/accounts/register-user/register-user.command';
import { RequestPasswordResetCommand } from '../../application/accounts/request-password-reset/request-password-reset.command';
import { ResendVerificationCommand } from '../../application/accounts/resend-verification/resend-verification.command';
import { LogInCommand } from '../../application/accounts/sign-in/sign-in.command';
import { InvalidLoginError } from '../../application/accounts/sign-in/sign-in.handler';
import { LogOutCommand } from '../../application/accounts/sign-out/sign-out.command';
import { ChangeEmailPreferencesCommand } from '../../application/accounts/update-email-preferences/update-email-preferences.command';
import { VerifyEmailCommand } from '../../application/accounts/verify-email/verify-email.command';
import { BackgroundWork } from '../../application/shared/background-work';
import {
  HOUR_MS,
  inMinutes,
  RATE_LIMITER,
  type RateLimiter,
  withinLimits,
} from '../../application/ports/rate-limiter.port';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.provider';
import { CLIENT_IDENTITY, type ClientIdentity } from '../shared/client-identity';
import { RepeatableWriteLimit } from '../shared/write-limits';
import { MessageResponse, Refusals, setsCookie, SuccessResponse } from '../shared/openapi';

import {
  EmailOnlyDto,
  EmailPreferencesDto,
  LoginDto,
  RegisterDto,
  VerifyEmailDto,
} from './auth.dto';
import { browserName } from './browser-name';
import { SessionCookies } from './session-cookies';
import { PasswordHashAllowance } from './password-hash-allowance';
import { SignIns } from './sign-ins';
import { toUserResponse, UserResponse } from './user.view';
import { CurrentSession, OptionalUserSession, SignedIn } from './session.guard';
import { RequestId } from '../shared/request-id';

/** Verification and reset mails an address may ask for per hour (for any accounts). */
export const MAIL_REQUESTS_PER_HOUR = 20;

const SETS_SID =
  'Starts the user session: `sid=…; HttpOnly; SameSite=Lax; Path=/` (`__Host-sid=…; Secure` when PUBLIC_URL is https); a browser without one also gets its random `browser_id` (HttpOnly, SameSite=Lax, Path=/api, a year; `__Secure-browser_id` on https) for the vote rules, set again on each sign-in (a copy kept to /api/auth is cleared)';

export const NEUTRAL_MESSAGES = {
  verification: 'If an account exists, a verification email has been sent.',
  passwordReset: 'If an account exists, a password reset email has been sent.',
} as const;

/**
 * Registration, sessions, email verification and mailed links (spec §7 "Authentication"); setting
 * a password is `PasswordController`'s.
 */
@Controller('api/auth')
export class AuthController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly cookies: SessionCookies,
    private readonly signIns: SignIns,
    @Inject(CLIENT_IDENTITY) private readonly identity: ClientIdentity,
    @Inject(RATE_LIMITER) private readonly limiter: RateLimiter,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly accountKeys: AccountKeys,
    private readonly background: BackgroundWork,
    private readonly hashes: PasswordHashAllowance,
  ) {}

  @ApiOperation({
    summary: 'Sign up with email and password; signs the new account in',
    description:
      'An address that already has an account gets the same answer, and the same answers after it: an account is made and signed in all the same, but the address stays its owner’s (its sign-in, links and resets), nothing is ever mailed to the new account, and the owner is mailed that someone tried to sign up with the address (at most 5 such mails an hour). A password of spaces only or a common one (estimated by zxcvbn against lists of breached passwords) is refused with 400.',
  })
  @ApiCreatedResponse({
    type: UserResponse,
    description:
      'The new account, signed in; a verification mail is on its way (the same answer for an address that has an account, see above)',
    headers: setsCookie(SETS_SID),
  })
  @Refusals({
    400: 'An email or password that breaks the rules (the message says which): too short or long, spaces only ("A password cannot be made of spaces only."), or too common ("This password is too common. Choose one that is harder to guess.")',
    409: 'No free anonymous username could be found (rare; trying again works)',
    429: 'Too many sign-ups from this address this hour',
  })
  @Post('register')
  @HttpCode(201)
  async register(
    @Body() body: RegisterDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<UserResponse> {
    // Each registration costs a memory-hard hash: an address gets a handful an hour.
    await this.hashes.spend('register', request, 'Too many sign-ups from your connection.');
    const browser = this.cookies.browserId(request);
    const { user, sessionToken } = await this.commandBus.execute(
      new RegisterUserCommand(
        body.email,
        body.password,
        requestId,
        browserName(request.headers['user-agent']),
        this.origin(request, browser),
      ),
    );
    this.cookies.setUser(response, sessionToken);
    this.cookies.keepBrowserId(response, browser);
    return toUserResponse(user);
  }

  @ApiOperation({
    summary: 'Sign in',
    description:
      'Also remembers this browser for the account (`known_browser`, HttpOnly, kept to this route, a year; `__Secure-known_browser` on https): a random secret per browser and account, of which only the sha256 is recorded. A browser still remembered for the account is let through the account’s failed-sign-in limits (not its address’s); a new or reset password, signing out everywhere and erasing the account forget every remembered browser.',
  })
  @ApiOkResponse({ type: UserResponse, headers: setsCookie(SETS_SID) })
  @Refusals({
    400: 'The email or password is missing or malformed',
    401: 'Wrong email or password',
    429: 'Too many failed sign-ins for this account or address; even the right password waits',
  })
  @Post('login')
  @HttpCode(200)
  async login(
    @Body() body: LoginDto,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<UserResponse> {
    const browser = this.cookies.browserId(request);
    const { user } = await this.signIns.signIn(
      'user',
      { counterKey: this.accountKeys.emailCounterKey(body.email), identifier: body.email },
      { request, response },
      (rememberedBrowserHash) =>
        new LogInCommand(
          body.email,
          body.password,
          requestId,
          browserName(request.headers['user-agent']),
          this.origin(request, browser),
          rememberedBrowserHash,
        ),
      InvalidLoginError,
    );
    this.cookies.keepBrowserId(response, browser);
    return toUserResponse(user);
  }

  @ApiOperation({ summary: 'Sign out this browser (ends its session, if any)' })
  @OptionalUserSession()
  @ApiOkResponse({ type: SuccessResponse, headers: setsCookie('Clears `sid`') })
  /** Always succeeds: after it, this browser is signed out whatever it was before. */
  @Post('logout')
  @HttpCode(200)
  async logout(
    @CurrentSession() session: UserSession | null,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<{ success: true }> {
    const endSession = session && new LogOutCommand(session.userId, session.sessionId, requestId);
    return this.signIns.signOut('user', response, endSession);
  }

  @ApiOperation({ summary: 'The signed-in user' })
  @SignedIn()
  @ApiOkResponse({ type: UserResponse })
  @Refusals({ 401: 'Not signed in' })
  @Get('me')
  @Header('Cache-Control', 'no-store')
  me(@CurrentSession() session: UserSession): UserResponse {
    return toUserResponse(session.user);
  }

  @ApiOperation({
    summary: 'The session of this browser, if any',
    description:
      'The signed-in user, or 204 No Content when nobody is signed in: the page checks the session on every view, and a signed-out visitor should not see a failed request for it. GET /api/auth/me answers the same user but refuses a signed-out browser with 401.',
  })
  @OptionalUserSession()
  @ApiOkResponse({ type: UserResponse })
  @ApiNoContentResponse({ description: 'Nobody is signed in in this browser' })
  @Get('session')
  @Header('Cache-Control', 'no-store')
  session(
    @CurrentSession() session: UserSession | null,
    @Res({ passthrough: true }) response: Response,
  ): UserResponse | undefined {
    if (!session) {
      response.status(204);
      return undefined;
    }
    return toUserResponse(session.user);
  }

  @ApiOperation({
    summary: 'Open a verification link',
    description:
      'Verifies the email and leaves the account to the person who opened the link. In a browser signed in to the account, that session stays and every other session of the account ends. Anywhere else the person chooses a password in the same request (`password`): it replaces the password given at registration, every session of the account ends and this browser is signed in. Without a password there, nothing is used up and the answer is 401 asking for one. Where another account is signed in it is refused.',
  })
  @OptionalUserSession()
  @ApiOkResponse({
    type: UserResponse,
    headers: setsCookie('Set when a password was chosen: this browser is signed in to the account'),
  })
  @Refusals({
    400: 'The link is unknown or expired, or the chosen password breaks the rules',
    401: 'Not signed in to the account here and no password chosen: "Choose a password to finish verifying your email"',
    403: 'Another account is signed in in this browser',
    409: 'The link\'s account is verified already (a used link, or an older one): "Your email is already verified." Also for a link past its time opened where the verified account is signed in',
    429: 'Too many verifications with a chosen password from this address this hour',
  })
  @Post('verify-email')
  @HttpCode(200)
  async verifyEmail(
    @Body() body: VerifyEmailDto,
    @CurrentSession() signedIn: UserSession | null,
    @Req() request: Request,
    @Res({ passthrough: true }) response: Response,
    @RequestId() requestId: string,
  ): Promise<UserResponse> {
    const password = body.password ?? null;
    // A chosen password costs a memory-hard hash, like a sign-up, and is limited like one.
    if (password !== null) {
      await this.hashes.spend(
        'verify-password',
        request,
        'Too many verification attempts from your connection.',
      );
    }
    const { user, sessionToken } = await this.commandBus.execute(
      new VerifyEmailCommand(
        body.token,
        signedIn
          ? {
              userId: signedIn.userId,
              sessionId: signedIn.sessionId,
              emailVerified: signedIn.user.emailVerified,
            }
          : null,
        password,
        requestId,
        browserName(request.headers['user-agent']),
      ),
    );
    if (sessionToken) this.cookies.setUser(response, sessionToken);
    return toUserResponse(user);
  }

  /**
   * Both mailed-link requests answer at once and the same way whether or not the account exists;
   * the work (a token, an event, the mail) runs after the answer. Limited per address.
   */
  @ApiOperation({
    summary: 'Mail a new verification link',
    description: 'Answers at once and the same whether or not the account exists.',
  })
  @ApiOkResponse({ type: MessageResponse })
  @Refusals({ 400: 'Not an email address', 429: 'Too many email requests from this address' })
  @OptionalUserSession()
  @Post('resend-verification')
  @HttpCode(200)
  async resendVerification(
    @Body() body: EmailOnlyDto,
    @Req() request: Request,
    @RequestId() requestId: string,
    @CurrentSession() session: UserSession | null,
  ): Promise<{ message: string }> {
    await this.withinMailRequests(request);
    const askedBy = session ? { userId: session.userId, email: session.user.email } : null;
    this.background.run('Resending a verification mail', () =>
      this.commandBus.execute(new ResendVerificationCommand(body.email, requestId, askedBy)),
    );
    return { message: NEUTRAL_MESSAGES.verification };
  }

  @ApiOperation({
    summary: 'Mail a password reset link',
    description: 'Answers the same whether or not the account exists.',
  })
  @ApiOkResponse({ type: MessageResponse })
  @Refusals({ 400: 'Not an email address', 429: 'Too many email requests from this address' })
  @Post('forgot-password')
  @HttpCode(200)
  async forgotPassword(
    @Body() body: EmailOnlyDto,
    @Req() request: Request,
    @RequestId() requestId: string,
  ): Promise<{ message: string }> {
    await this.withinMailRequests(request);
    this.background.run('Mailing a password reset link', () =>
      this.commandBus.execute(new RequestPasswordResetCommand(body.email, requestId)),
    );
    return { message: NEUTRAL_MESSAGES.passwordReset };
  }

  /** Where a sign-up or sign-in comes from, for the vote rules (only keyed marks are kept). */
  private origin(request: Request, browser: { value: string }): ClientOrigin {
    return { network: this.identity.network(request), browser: browser.value };
  }

  private async withinMailRequests(request: Request): Promise<void> {
    await withinLimits(
      this.limiter,
      [
        {
          key: `mail-requests:${this.identity.visitorKey(request)}`,
          limit: MAIL_REQUESTS_PER_HOUR,
          windowMs: HOUR_MS,
        },
      ],
      (retryAfterMs) =>
        `Too many email requests from your connection. Please try again ${inMinutes(retryAfterMs)}.`,
    );
  }

  @ApiOperation({ summary: 'Change which notification mails the user gets' })
  @SignedIn()
  @ApiOkResponse({ type: UserResponse })
  @Refusals({
    400: 'A preference that is not true or false',
    401: 'Not signed in',
    429: 'Too many profile changes from this account or address (Retry-After says when to try again)',
  })
  @Patch('email-preferences')
  @RepeatableWriteLimit('profile')
  async emailPreferences(
    @Body() body: EmailPreferencesDto,
    @CurrentSession() session: UserSession,
    @RequestId() requestId: string,
  ): Promise<UserResponse> {
    const user = await this.commandBus.execute(
      new ChangeEmailPreferencesCommand(
        session.userId,
        {
          emailNotificationsRating: body.emailNotificationsRating,
          emailNotificationsComment: body.emailNotificationsComment,
          emailNotificationsAchievements: body.emailNotificationsAchievements,
        },
        requestId,
      ),
    );
    return toUserResponse(user);
  }
}
