import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE } from '@northstar/i18n/locales';
import type { AppContext } from '../context.ts';
import { playerStanding, resolveSession } from '../identity/index.ts';
import { generalSettings } from '../lib/general-settings.ts';
import {
  BUILT_IN_PROVIDER,
  loadWalletProviders,
  openGameSession,
  SESSION_TTL_MS,
  type WalletProvider,
} from '../wallet/index.ts';
import { sessionEndsAt } from '../responsible/index.ts';

/**
 * Game launch and the provider catalogue (issue #23: games/ owns them; the wallet keeps
 * `/wallet/v1`, the providers' keys and the money). games/ reaches the wallet only through
 * wallet/index.ts: the provider list (`loadWalletProviders`) and `openGameSession`.
 */
export async function registerGameLaunchRoutes(
  server: FastifyInstance,
  app: AppContext,
): Promise<void> {
  const providers = loadWalletProviders(app);
  await syncProviderGames(app, providers);
  registerGameLaunch(server, app, providers);
}

/**
 * The external providers' games join the catalogue at start (`games`, `game_providers`): each
 * provider's game `code` is its sysname. A provider's game that later leaves the file stays
 * listed but switched off.
 */
export async function syncProviderGames(
  app: AppContext,
  providers: ReadonlyMap<string, WalletProvider>,
): Promise<void> {
  const db = app.database;
  for (const provider of providers.values()) {
    // The built-in provider's catalogue is seeded (games/catalogue.ts), not listed in a file.
    if (!provider.launchUrl || provider.id === BUILT_IN_PROVIDER) continue;
    await db.query(sql`
      insert into game_providers (sysname, name) values (${provider.id}, ${provider.name})
      on conflict (sysname) do update set name = excluded.name, is_active = true`);
    await db.query(sql`update games set is_active = false where launch_provider = ${provider.id}`);
    for (const game of provider.games) {
      const categories = JSON.stringify(game.category ? [game.category] : []);
      await db.query(sql`
        insert into games
          (sysname, name, provider_sysname, launch_provider, categories, rtp_basis_points,
           is_active)
        values (${game.code}, ${game.name}, ${provider.id}, ${provider.id}, ${categories}::jsonb,
                ${game.rtp === undefined ? null : Math.round(game.rtp * 100)}, true)
        on conflict (sysname) do update
        set name = excluded.name, provider_sysname = excluded.provider_sysname,
            launch_provider = excluded.launch_provider, categories = excluded.categories,
            rtp_basis_points = excluded.rtp_basis_points, is_active = true`);
    }
  }
}

/**
 * `GET /platform/game/{sysname}/play?mode=real|fun`: the address a game's frame opens. For an
 * external provider's game it opens a game session for the signed-in player (real money) and
 * sends the browser to the provider's `launchUrl` with `token`, `game_code`, `currency`, `lang`,
 * `mode` and `lobby_url`, as aggregators do (`lang`: the link's `lang` when it is a site locale,
 * else the locale cookie's); fun mode carries no token (the provider's demo).
 * A visitor asking for real money is sent to sign in first; a blocked player gets 403.
 */
export function registerGameLaunch(
  server: FastifyInstance,
  app: AppContext,
  providers: ReadonlyMap<string, WalletProvider>,
): void {
  // §2's play link: `/platform/game/{sysname}/play`, or `custom/{id}` for a game by its number.
  server.get<{ Params: { id: string }; Querystring: { mode?: string } }>(
    '/platform/game/custom/:id/play',
    async (request, reply) => {
      const id = /^[1-9][0-9]{0,9}$/.test(request.params.id) ? Number(request.params.id) : 0;
      const [game] = await app.database.query<{ sysname: string }>(
        sql`select sysname from games where id = ${id} and is_active`,
      );
      if (!game) return reply.code(404).type('text/plain').send('This game cannot be opened');
      const query = request.query.mode ? `?mode=${encodeURIComponent(request.query.mode)}` : '';
      return reply
        .header('cache-control', 'no-store')
        .redirect(`/platform/game/${encodeURIComponent(game.sysname)}/play${query}`, 302);
    },
  );

  server.get<{ Params: { sysname: string }; Querystring: { mode?: string; lang?: string } }>(
    '/platform/game/:sysname/play',
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const sysname = request.params.sysname;
      const [game] = await app.database.query<{ launch_provider: string }>(
        sql`select launch_provider from games where sysname = ${sysname} and is_active`,
      );
      const provider = game ? providers.get(game.launch_provider) : undefined;
      if (!game || !provider?.launchUrl) {
        return reply.code(404).type('text/plain').send('This game cannot be opened');
      }
      const mode = request.query.mode === 'fun' ? 'fun' : 'real';
      // The page's own locale when it says so (the game page of /es-ES/…), else the cookie's.
      const asked = request.query.lang;
      const cookieLocale = request.cookies[LOCALE_COOKIE];
      const lang = isLocale(asked) ? asked : isLocale(cookieLocale) ? cookieLocale : DEFAULT_LOCALE;
      const target = new URL(provider.launchUrl, siteOrigin(app, request));
      target.searchParams.set('game_code', sysname);
      target.searchParams.set('lang', lang);
      target.searchParams.set('mode', mode);
      target.searchParams.set('lobby_url', new URL('/gamehall', siteOrigin(app, request)).href);
      if (mode === 'real') {
        const session = await resolveSession(app, request, generalSettings().time_to_force_logout);
        if (!session) {
          const back = encodeURIComponent(`/game/${sysname}`);
          return reply.redirect(`/?show_popup_auth=1&backUrl=${back}`, 302);
        }
        const player = await playerStanding(app.database.db, session.playerId);
        if (!player || player.status !== 'active') {
          return reply.code(403).type('text/plain').send('This account cannot play for money');
        }
        // Player protection (issue #25): the game's token ends with the session-time limit, so a
        // game left open bets no further (the wallet refuses an expired token's bets).
        const ends = session.startedAt
          ? await sessionEndsAt(app.database.db, session.playerId, session.startedAt, app.now())
          : null;
        const ttl = ends
          ? Math.max(0, Math.min(SESSION_TTL_MS, ends.getTime() - app.now().getTime()))
          : SESSION_TTL_MS;
        const opened = await openGameSession(
          app,
          {
            playerId: session.playerId,
            providerId: provider.id,
            gameCode: sysname,
            currency: player.currency,
            mode: 'real',
          },
          ttl,
        );
        target.searchParams.set('token', opened.token);
        target.searchParams.set('currency', player.currency);
      }
      return reply.redirect(target.href, 302);
    },
  );
}

function siteOrigin(app: AppContext, request: { protocol: string; host: string }): string {
  return app.config.publicUrl ?? `${request.protocol}://${request.host}`;
}
