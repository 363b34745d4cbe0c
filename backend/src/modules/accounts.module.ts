import { ClusterLikes } from '../application/community/cluster-likes';
import { type DynamicModule, Inject, Injectable, Module, type OnModuleInit } from '@nestjs/common';
import { APP_GUARD, APP_INTERCEPTOR } from '@nestjs/core';
import { AuthController } from '../api/auth/auth.controller';
import { PasswordController } from '../api/auth/password.controller';
import { PrivateAnswersInterceptor } from '../api/auth/private-answers.interceptor';
import { LoginThrottle } from '../api/auth/login-throttle';
import { PasswordHashAllowance } from '../api/auth/password-hash-allowance';
import { SessionCookies } from '../api/auth/session-cookies';
import { SessionCheck, SessionGuard } from '../api/auth/session.guard';
import { SignIns } from '../api/auth/sign-ins';
import { UserController } from '../api/user/user.controller';
import { AccountReads } from '../application/accounts/account-reads';
import { AccountKeys } from '../application/accounts/account-secrets';
import { ExpirySweep } from '../application/accounts/expiry-sweep';
import { ReserveNamesByLook } from '../application/accounts/reserve-names-by-look/reserve-names-by-look';
import { MailedLinks } from '../application/accounts/mailed-links';
import { RememberedBrowsers } from '../application/accounts/remembered-browsers';
import { SessionRevocations } from '../application/accounts/session-revocations';
import { UserStream } from '../application/accounts/user-stream';
import { ACCOUNTS_HANDLERS } from '../application/accounts/accounts.providers';
import { SimilarPhotos } from '../application/community/similar-photos';
import { UploadChecks } from '../application/rate-photo/upload-checks';
import type { LeasedProjections } from '../infrastructure/projection-runner/leased-projections';
import { LEASED_PROJECTIONS } from './infrastructure.module';
import { registerOnce } from './register-once';

/**
 * Runs the hourly expiry sweep beside the projections, under their lease, and at start the move
 * of display-name reservations to their look until it has once ended.
 */
@Injectable()
class AccountsWorkers implements OnModuleInit {
  constructor(
    @Inject(LEASED_PROJECTIONS) private readonly projections: LeasedProjections | null,
    private readonly sweep: ExpirySweep,
    private readonly namesByLook: ReserveNamesByLook,
  ) {}

  onModuleInit() {
    this.projections?.addCompanion(this.namesByLook);
    this.projections?.addCompanion(this.sweep);
  }
}

/**
 * Accounts: registration, email verification, sessions, passwords, profiles. Exports the session
 * check (behind the admin form of the session guard) and the cookies other contexts' routes use.
 */
@Module({})
export class AccountsModule {
  static register(options: { api: boolean }): DynamicModule {
    return registerOnce('accounts', options, () => ({
      module: AccountsModule,
      controllers: options.api ? [AuthController, PasswordController, UserController] : [],
      providers: [
        AccountReads,
        SessionRevocations,
        AccountKeys,
        UserStream,
        MailedLinks,
        SessionCookies,
        LoginThrottle,
        RememberedBrowsers,
        SignIns,
        SessionCheck,
        PasswordHashAllowance,
        // The one session guard, first on every route: it applies what the route declares.
        ...(options.api ? [{ provide: APP_GUARD, useClass: SessionGuard }] : []),
        // Answers that may differ by viewer are never kept by a shared cache.
        ...(options.api ? [{ provide: APP_INTERCEPTOR, useClass: PrivateAnswersInterceptor }] : []),
        ...ACCOUNTS_HANDLERS,
        // Every image's checks before it is stored (profile pictures here, uploads beside).
        UploadChecks,
        SimilarPhotos,
        // A burst of sign-ups' likes, held from registration; liking and the sweep use it too.
        ClusterLikes,
        ExpirySweep,
        ReserveNamesByLook,
        AccountsWorkers,
      ],
      exports: [
        UploadChecks,
        SessionRevocations,
        AccountReads,
        AccountKeys,
        SessionCookies,
        LoginThrottle,
        SignIns,
        SessionCheck,
        ClusterLikes,
      ],
    }));
  }
}
