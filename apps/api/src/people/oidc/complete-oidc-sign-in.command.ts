import type { AccountDocument } from '@app/contracts/read-models/user.read-models';
import { fullNameOf } from '@app/contracts/read-models/user.read-models';
import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { ReadModels } from '../../event-sourcing/reading/read-models';
import { Accounts } from '../accounts';
import { Sessions } from '../sessions';
import { OidcClient } from './oidc-client';
import { OidcFlows } from './oidc-flows';
import { verifiedIdentityOf, type OidcIdentity } from './oidc-identity';
import { VerifiedDomainJoins } from './verified-domain-joins';

/** A person signed on: the session cookie's secret, and where the browser goes next. */
export interface CompletedOidcSignIn {
  readonly secret: string;
  readonly expiresAt: number;
  readonly returnTo: string;
}

/** Finishes a sign-on with the provider's answer (the callback's query) and the flow the browser kept. */
export class CompleteOidcSignInCommand extends Command<CompletedOidcSignIn> {
  constructor(
    readonly callbackQuery: URLSearchParams,
    readonly sealedFlow: string | null,
    readonly userAgent: string | null,
  ) {
    super();
  }
}

/** Who records what a sign-on creates before the person has an id. */
const SIGN_ON_ACTOR = 'oidc';

/**
 * The provider's answer must belong to the flow this browser began (400 otherwise) and vouch for
 * the person's address (401 otherwise). The account of that address signs in, or one is made; the
 * person joins the workspaces that verified their domain; a new session starts (never one the
 * browser brought), answered once the read models show it, so the next request is signed in.
 */
@CommandHandler(CompleteOidcSignInCommand)
export class CompleteOidcSignInHandler implements ICommandHandler<CompleteOidcSignInCommand> {
  constructor(
    private readonly client: OidcClient,
    private readonly flows: OidcFlows,
    private readonly accounts: Accounts,
    private readonly joins: VerifiedDomainJoins,
    private readonly sessions: Sessions,
    private readonly readModels: ReadModels,
  ) {}

  async execute({ callbackQuery, sealedFlow, userAgent }: CompleteOidcSignInCommand): Promise<CompletedOidcSignIn> {
    const flow = this.flows.resume(sealedFlow, callbackQuery.get('state'));
    const identity = verifiedIdentityOf(await this.client.claimsOf(callbackQuery, flow));
    const account = await this.accountOf(identity);
    await this.joins.join(account);
    const session = await this.sessions.start(account.sId, { method: 'oidc', userAgent });
    // Positions grow along the log: once the session shows, the account and memberships before it do too.
    if (session.position !== null) await this.readModels.waitFor(session.position);
    return { secret: session.secret, expiresAt: session.expiresAt, returnTo: flow.returnTo };
  }

  /**
   * The account of the verified address, made from the provider's claims when there is none. An
   * account whose address nobody had proved (made by whoever held an invitation's link, or by an
   * operator) becomes the prover's here: what was set before the proof ends.
   */
  private async accountOf(identity: OidcIdentity): Promise<Pick<AccountDocument, 'sId' | 'email' | 'fullName'>> {
    const existing = await this.accounts.findByEmail(identity.email);
    if (existing) {
      await this.accounts.addressProved(existing, 'oidc');
      return existing;
    }
    const { email, firstName, lastName, image } = identity;
    const created = await this.accounts.create({ email, firstName, lastName, image, provider: 'oidc', emailVerified: true, passwordHash: null }, SIGN_ON_ACTOR);
    return { sId: created.userId, email, fullName: fullNameOf(firstName, lastName) };
  }
}
