import { Module } from '@nestjs/common';
import { RateLimitsModule } from '../rate-limits/rate-limits.module';
import { AccountViews } from './account-views';
import { Accounts } from './accounts';
import { AuthController } from './auth.controller';
import { AddMemberHandler, ChangeMemberRoleHandler, RemoveMemberHandler } from './commands/member.commands';
import { SignInWithPasswordHandler } from './commands/sign-in.command';
import { SignOutHandler } from './commands/sign-out.command';
import { UseSignInLinkHandler } from './commands/use-sign-in-link.command';
import { CreateUserTokenHandler, RevokeUserTokenHandler } from './commands/user-token.commands';
import { MeController } from './me.controller';
import { MEMBER_CONTROLLERS, MEMBER_PROVIDERS } from './members/member-providers';
import { OIDC_CONTROLLERS, OIDC_PROVIDERS } from './oidc/oidc-providers';
import { GetSessionHandler, ListSessionsHandler, ListUserTokensHandler } from './queries/account.queries';
import { GetMeHandler } from './queries/me.query';
import { Sessions } from './sessions';
import { SignInLinks } from './sign-in-links';
import { UserTokens } from './user-tokens';
import { UserTokensController } from './user-tokens.controller';

/**
 * People: accounts, sign-in (password, links), sessions and personal access tokens. The guard that
 * resolves who calls is `auth/`; this module is what people do with their accounts.
 */
@Module({
  imports: [RateLimitsModule],
  controllers: [AuthController, UserTokensController, MeController, ...MEMBER_CONTROLLERS, ...OIDC_CONTROLLERS],
  providers: [
    Accounts,
    AccountViews,
    Sessions,
    SignInLinks,
    UserTokens,
    SignInWithPasswordHandler,
    SignOutHandler,
    UseSignInLinkHandler,
    CreateUserTokenHandler,
    RevokeUserTokenHandler,
    AddMemberHandler,
    ChangeMemberRoleHandler,
    RemoveMemberHandler,
    GetSessionHandler,
    ListSessionsHandler,
    ListUserTokensHandler,
    GetMeHandler,
    ...MEMBER_PROVIDERS,
    ...OIDC_PROVIDERS,
  ],
  exports: [Accounts, AccountViews, Sessions, SignInLinks, UserTokens],
})
export class PeopleModule {}
