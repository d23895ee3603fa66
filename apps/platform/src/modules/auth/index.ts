import { domain } from '../../lib/domain.ts';
import { registerSiteSocialSignIn } from './oauth-routes.ts';

export { authHandlers } from './handlers.ts';

/** The site's social sign-in routes (`/oauth/…`), beside the auth module's API methods. */
export const oauthDomain = domain('oauth', registerSiteSocialSignIn);
