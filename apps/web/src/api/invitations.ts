import type { AcceptInvitationDto } from '@app/contracts/http/member.dto';
import type { AcceptInvitationResponse } from '@app/contracts/http/member.types';
import type { ApiClient } from './api-client';

/** Accepting an invitation from its link (`POST /api/auth/invitations/accept`). */
export class InvitationsApi {
  constructor(private readonly client: ApiClient) {}

  /** With names and a password, as a new account (signed in by the answer); with the token alone, as the signed-in person. */
  async accept(body: AcceptInvitationDto): Promise<AcceptInvitationResponse> {
    const accepted = await this.client.post<AcceptInvitationResponse>('/api/auth/invitations/accept', body);
    if (accepted.session) this.client.useCsrfToken(accepted.session.csrfToken);
    return accepted;
  }
}
