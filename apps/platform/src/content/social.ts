import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '@northstar/errors';
import {
  exchangeSocialCode,
  finishSocialFlow,
  providerError,
  secureCookies,
  socialSignIn,
  SOCIAL_STATE_TTL_S,
  startSocialFlow,
} from '../identity/index.ts';
import { socialCallbackPaths, socialProvider } from '../providers/social/index.ts';
import { sameOriginPath, withQuery } from '../lib/redirects.ts';
import { signedIn, twoFactorRequired } from './auth.ts';
import { siteLocales } from './store.ts';

/**
 * Social sign-in on the content backend, Strapi users-permissions style (§7 "Content backend"):
 *
 * - `GET /cms/connect/{provider}?redirect_url=/path` (the browser link `{backend}/connect/…`)
 *   sends the browser to the provider (identity/social-flow.ts keeps the state and the PKCE
 *   verifier);
 * - the provider returns to `GET /cms/connect/{provider}/callback` with a one-time `code`, which
 *   is exchanged with the verifier at the provider, server to server; the access token goes into
 *   an HttpOnly, SameSite=Strict cookie sent only to `/cms/auth/{provider}/callback`, and the
 *   browser lands on the same-origin `redirect_url` (or `?error=access_denied`, `?error=<code>`
 *   when the exchange is refused);
 * - the front end calls `GET /cms/auth/{provider}/callback` and gets `{ jwt, user }`,
 *   `user.provider` naming the provider.
 *
 * Strapi puts the access token in the landing URL (`?access_token=…`) and takes it back in the
 * callback's query; that lands it in history, Referer and request logs, so here it never travels
 * in a URL (issue #24) and a query `access_token` is ignored.
 *
 * A `redirect_url` that is not a path of this site (absolute, `//host`) lands on `/`.
 */
/** The cookie that carries the provider's access token from the connect callback to /cms/auth. */
const TOKEN_COOKIE = 'ns_cms_social';

function tokenCookieOptions(
  app: AppContext,
  request: FastifyRequest,
  provider: string,
): Parameters<FastifyReply['setCookie']>[2] {
  return {
    path: `/cms/auth/${provider}/callback`,
    httpOnly: true,
    sameSite: 'strict',
    secure: secureCookies(app, request),
  };
}

export function registerContentSocial(server: FastifyInstance, app: AppContext): void {
  server.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/cms/connect/:provider',
    async (request, reply) => {
      const provider = socialProvider(app, request.params.provider);
      const returnTo = sameOriginPath(request.query.redirect_url) ?? '/';
      const location = startSocialFlow(app, request, reply, 'cms', provider, {
        returnTo,
        typeAuth: 'login',
      });
      return reply.header('cache-control', 'no-store').redirect(location, 302);
    },
  );

  server.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/cms/connect/:provider/callback',
    async (request, reply) => {
      const provider = socialProvider(app, request.params.provider);
      const flow = finishSocialFlow(app, request, reply, 'cms', provider, request.query.state);
      reply.header('cache-control', 'no-store');
      if (request.query.code === undefined) {
        return reply.redirect(
          withQuery(flow.returnTo, { error: providerError(request.query.error) }),
          302,
        );
      }
      let token: string;
      try {
        token = await exchangeSocialCode(app, {
          provider,
          code: request.query.code,
          codeVerifier: flow.codeVerifier,
          redirectUri: socialCallbackPaths(provider.name).cms,
          ip: request.ip,
        });
      } catch (error) {
        if (error instanceof ApiError) {
          return reply.redirect(withQuery(flow.returnTo, { error: error.code }), 302);
        }
        throw error;
      }
      reply.setCookie(TOKEN_COOKIE, token, {
        ...tokenCookieOptions(app, request, provider.name),
        maxAge: SOCIAL_STATE_TTL_S,
      });
      return reply.redirect(flow.returnTo, 302);
    },
  );

  server.get<{ Params: { provider: string }; Querystring: Record<string, unknown> }>(
    '/cms/auth/:provider/callback',
    async (request, reply) => {
      const provider = socialProvider(app, request.params.provider);
      const code = request.query.code;
      const { outcome } = await socialSignIn(app, {
        provider,
        accessToken: request.cookies[TOKEN_COOKIE],
        ip: request.ip,
        locale: (await siteLocales(app)).defaultLocale,
        // Nothing here says the terms were accepted: the site's social-registration popup (§2)
        // completes the account.
        registrationCompleted: false,
        // Two-factor on: the first call sends the code and answers 401 (error_data
        // two_factor_auth); the same call with `code` signs in (the token cookie lives 10
        // minutes).
        code:
          typeof code === 'string' && /^(\d{6}|[A-Za-z0-9]{5}-?[A-Za-z0-9]{5})$/.test(code)
            ? code
            : undefined,
      });
      reply.header('cache-control', 'no-store');
      if (outcome.status === 'two-factor') throw twoFactorRequired(outcome.resendTime);
      // Signed in: the token has done its work here.
      reply.clearCookie(TOKEN_COOKIE, tokenCookieOptions(app, request, provider.name));
      return signedIn(app, outcome.player, provider.name);
    },
  );
}
