import { loadOnFirstUse } from '../../common/load-on-first-use';

/** openid-client (with its JOSE and OAuth libraries), loaded on the first single sign-on rather than at boot. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const openidClient = loadOnFirstUse<typeof import('openid-client')>(() => require('openid-client'));
