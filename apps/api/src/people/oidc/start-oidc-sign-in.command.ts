import { Command, CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { OidcClient } from './oidc-client';
import { OidcFlows } from './oidc-flows';

/** Where to send the browser to sign in at the provider, and the sealed flow its cookie keeps meanwhile. */
export interface StartedOidcSignIn {
  readonly authorizationUrl: string;
  readonly sealedFlow: string;
}

/** Begins a sign-on that brings the person back to `returnTo`, a path of this site. */
export class StartOidcSignInCommand extends Command<StartedOidcSignIn> {
  constructor(readonly returnTo: string) {
    super();
  }
}

@CommandHandler(StartOidcSignInCommand)
export class StartOidcSignInHandler implements ICommandHandler<StartOidcSignInCommand> {
  constructor(
    private readonly client: OidcClient,
    private readonly flows: OidcFlows,
  ) {}

  async execute({ returnTo }: StartOidcSignInCommand): Promise<StartedOidcSignIn> {
    const { flow, sealed, codeChallenge } = await this.flows.begin(returnTo);
    const url = await this.client.authorizationUrl({ state: flow.state, nonce: flow.nonce, codeChallenge });
    return { authorizationUrl: url.href, sealedFlow: sealed };
  }
}
