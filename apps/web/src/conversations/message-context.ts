import type { AccountUser } from '@app/contracts/http/auth.types';
import type { MessageContextDto } from '@app/contracts/http/message-context.dto';

/** The context the web app posts a message with: who writes, from the web, in which time zone. */
export function webMessageContext(user: AccountUser): MessageContextDto {
  return {
    username: user.username,
    fullName: user.fullName || null,
    email: user.email,
    timezone: browserTimeZone(),
    origin: 'web',
  };
}

function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}
