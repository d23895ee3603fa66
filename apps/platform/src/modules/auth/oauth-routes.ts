import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import { wire } from '@northstar/contract';
import { checked } from '../../lib/input.ts';
import { ApiError } from '@northstar/errors';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE } from '@northstar/i18n/locales';
import type { AppContext } from '../../context.ts';
import { socialCallbackPaths, socialProvider } from '../../providers/social/index.ts';
import { sameOriginPath, withQuery } from '../../lib/redirects.ts';
import {
  clearPendingTwoFactor,
  completeSignIn,
  exchangeSocialCode,
  findPlayer,
  finishSocialFlow,
  pendingTwoFactor,
  providerError,
  readPendingTwoFactor,
  socialSignIn,
  startSession,
  startSocialFlow,
  type SignInOutcome,
} from '../../identity/index.ts';
import { hasMarker } from '../../lib/marker.ts';

/**
 * The site's social sign-in (§7 "social login popup path /oauth/init with service, redirect_url,
 * type_auth"; §4 "Social login": it runs in a 640x480 popup):
 *
 * - `GET /oauth/init?service=google&redirect_url=/path&type_auth=login|register` sends the
 *   browser to the provider (social-flow.ts keeps the state and the PKCE verifier);
 * - the provider returns to `GET /oauth/{service}/callback` with a one-time `code`, which is
 *   exchanged with the verifier for an access token at the provider, server to server (no access
 *   token in any URL, issue #24), and the player is signed in (social-sign-in.ts), starts an application session (the `ns_session` cookie, as auth/login)
 *   and lands on the same-origin `redirect_url` (default and fallback `/`).
 *
 * An outcome the person can see and act on lands on `redirect_url` with `auth_error=<code>` and no
 * session: Cancel at the provider (`access_denied`), a banned account (`user_banned`), an
 * e-mail that belongs to another account or a refused code (`authorization`), too many
 * attempts (`too_many_requests`). A malformed request (unknown service, bad type_auth) and a
 * state that does not match the browser are typed errors, as on the API.
 *
 * `type_auth=register` means the person started from the registration form, where the terms box
 * must be ticked first (§4); a player created from it has completed registration. From the
 * sign-in form (`login`, the default) a new player is created too, but with
 * `is_registration_completed` false, so the site asks for the rest in its social-registration
 * popup (§2).
 */

const initQuery = v.object({
  service: wire.text({ max: 32, pattern: /^[a-z0-9_-]+$/ }),
  type_auth: v.optional(wire.oneOf(['login', 'register']), 'login'),
  redirect_url: v.optional(v.unknown()),
});

const twoFactorBody = v.object({ code: wire.signInCode() });

export function registerSiteSocialSignIn(server: FastifyInstance, app: AppContext): void {
  server.get<{ Querystring: Record<string, unknown> }>('/oauth/init', async (request, reply) => {
    const query = checked(initQuery, request.query ?? {}, 'Some parameters are not valid');
    const provider = socialProvider(app, query.service);
    const location = startSocialFlow(app, request, reply, 'site', provider, {
      returnTo: sameOriginPath(query.redirect_url) ?? '/',
      typeAuth: query.type_auth,
    });
    return reply.header('cache-control', 'no-store').redirect(location, 302);
  });

  server.get<{ Params: { service: string }; Querystring: Record<string, unknown> }>(
    '/oauth/:service/callback',
    async (request, reply) => {
      const provider = socialProvider(app, request.params.service);
      const flow = finishSocialFlow(app, request, reply, 'site', provider, request.query.state);
      reply.header('cache-control', 'no-store');
      const failed = (code: string) =>
        reply.redirect(withQuery(flow.returnTo, { auth_error: code }), 302);
      if (request.query.code === undefined) {
        return failed(providerError(request.query.error));
      }
      const cookieLocale = request.cookies[LOCALE_COOKIE];
      let outcome: SignInOutcome;
      try {
        const accessToken = await exchangeSocialCode(app, {
          provider,
          code: request.query.code,
          codeVerifier: flow.codeVerifier,
          redirectUri: socialCallbackPaths(provider.name).site,
          ip: request.ip,
        });
        ({ outcome } = await socialSignIn(app, {
          provider,
          accessToken,
          ip: request.ip,
          locale: isLocale(cookieLocale) ? cookieLocale : DEFAULT_LOCALE,
          registrationCompleted: flow.typeAuth === 'register',
        }));
      } catch (error) {
        if (error instanceof ApiError) return failed(error.code);
        throw error;
      }
      if (outcome.status === 'two-factor') {
        // The provider step holds; the session waits for the code (POST /oauth/two-factor).
        pendingTwoFactor(app, request, reply, outcome.player.id);
        return reply.redirect(
          withQuery(flow.returnTo, {
            two_factor: outcome.method === 'app' ? 'app' : 'required',
            resend_time: String(outcome.resendTime),
          }),
          302,
        );
      }
      await startSession(app, request, reply, outcome.player.id);
      return reply.redirect(flow.returnTo, 302);
    },
  );

  /**
   * The second step of a social sign-in with two-factor on: the code sent to the player's
   * confirmed contact, checked by the sign-in service (the two-factor budget every door shares).
   * A state-changing call: it needs the marker header like the API's.
   */
  server.post('/oauth/two-factor', async (request, reply) => {
    if (!hasMarker(request.headers['x-app-client'])) {
      throw new ApiError('AccessDenied', 'State-changing calls need the X-App-Client header');
    }
    const body = checked(twoFactorBody, request.body ?? {}, 'Some parameters are not valid');
    const playerId = readPendingTwoFactor(app, request);
    if (playerId === null) {
      throw new ApiError('Authorization', 'This sign-in has expired; please start again', {
        errorData: { reason: 'two_factor_expired' },
      });
    }
    const player = await findPlayer(app.database.db, playerId);
    const result = await completeSignIn(app, {
      door: 'social',
      ip: request.ip,
      player,
      code: body.code,
    });
    if (result.status !== 'signed-in') throw new ApiError('Authorization', 'Enter the code');
    clearPendingTwoFactor(app, request, reply);
    await startSession(app, request, reply, player.id);
    return reply
      .header('cache-control', 'no-store')
      .send({ data: { uid: player.id, two_factor_auth: false } });
  });
}
