import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { sql } from 'drizzle-orm';
import * as v from 'valibot';
import type { AppContext } from '../context.ts';
import { sameOriginPath } from '../lib/redirects.ts';
import { builtInPrivateKey } from '../wallet/index.ts';
import { gameArt } from './art.ts';
import { JACKPOTS } from './jackpots.ts';
import { blackjackView, type BlackjackState } from './engines/blackjack.ts';
import { isSlotStake, PAYLINES } from './engines/slot.ts';
import { renderFairPage, renderGamePage, renderRefusalPage } from './page.ts';
import {
  funPurse,
  FUN_PREFIX,
  openFunWallet,
  SessionRefused,
  walletPurse,
  type Purse,
} from './purse.ts';
import { RoundError } from './rounds.ts';
import {
  act,
  activeSeeds,
  BetError,
  findOriginal,
  play,
  resume,
  rotateSeeds,
  roundView,
  STAKES,
  type OriginalGame,
} from './tables.ts';
import { gameTexts } from './texts.ts';
import { WalletClient } from './wallet-client.ts';

/**
 * The in-house game server: the built-in provider's games, played in a frame. It reaches the
 * player's money only through the seamless wallet's HTTP API, signed with its own key, as an
 * external provider does (`wallet-client.ts`); the launch address is the one the platform sends
 * every provider's games to (`/platform/game/{sysname}/play` → `/originals/launch?token=…`).
 */
/** Where the platform's launch sends the built-in provider's games. */
export const ORIGINALS_LAUNCH_PATH = '/originals/launch';

const CLIENT = path.join(import.meta.dirname, 'client');
const ASSETS: Record<string, string> = {
  'game.js': 'text/javascript; charset=utf-8',
  'game.css': 'text/css; charset=utf-8',
  'fair.js': 'text/javascript; charset=utf-8',
};

const HTTP_STATUS: Record<string, number> = {
  not_enough_money: 402,
  user_disabled: 403,
  limit_reached: 403,
  bonus_max_bet: 403,
  bonus_excluded_game: 403,
  session_expired: 401,
  too_soon: 429,
  open_round: 409,
  round_busy: 409,
  no_such_round: 404,
  no_free_spins: 409,
  wallet_unavailable: 503,
};

const sessionInput = v.object({
  token: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  game: v.pipe(v.string(), v.minLength(1), v.maxLength(128)),
  currency: v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)),
});

export function registerOriginals(server: FastifyInstance, app: AppContext): void {
  const wallet = new WalletClient(() => {
    // The wallet is this very server: its own address, over HTTP like any provider's call.
    const address = server.server.address() as AddressInfo | null;
    if (!address) throw new Error('the server is not listening');
    const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
    const local = host === '0.0.0.0' ? '127.0.0.1' : host === '[::]' ? '[::1]' : host;
    return `http://${local}:${address.port}`;
  }, builtInPrivateKey(app));

  const headers = (reply: FastifyReply) =>
    reply
      .header('cache-control', 'no-store')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'same-origin')
      .header(
        'content-security-policy',
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'self'",
      );

  server.get<{
    Querystring: Record<string, string | undefined>;
  }>(ORIGINALS_LAUNCH_PATH, async (request, reply) => {
    headers(reply);
    const query = request.query;
    const { locale, texts } = gameTexts(query.lang);
    const game = query.game_code ? await findOriginal(app, query.game_code) : null;
    if (!game)
      return reply
        .code(404)
        .type('text/html')
        .send(renderRefusalPage(locale, texts.notFound, null));
    const lobby = sameOriginLobby(query.lobby_url, request);
    const currency = /^[A-Z]{3}$/.test(query.currency ?? '') ? query.currency! : 'EUR';
    let token: string;
    let mode: 'real' | 'fun';
    if (query.mode === 'real') {
      token = query.token ?? '';
      mode = 'real';
      try {
        await walletPurse(wallet, token, game.sysname, currency);
      } catch (error) {
        if (!(error instanceof SessionRefused)) throw error;
        return reply
          .code(401)
          .type('text/html')
          .send(renderRefusalPage(locale, texts.errors_session_expired, lobby));
      }
    } else {
      token = await openFunWallet(app, currency);
      mode = 'fun';
    }
    return reply.type('text/html').send(
      renderGamePage({
        locale,
        texts,
        lobby,
        config: {
          token,
          mode,
          currency,
          locale,
          game: gameInfo(game),
          stakes: STAKES[game.engine],
          texts,
        },
      }),
    );
  });

  server.get<{ Querystring: { lang?: string } }>('/originals/fair', async (request, reply) => {
    headers(reply);
    const { locale, texts } = gameTexts(request.query.lang);
    return reply.type('text/html').send(renderFairPage(locale, texts));
  });

  server.get<{ Params: { file: string } }>('/originals/assets/:file', async (request, reply) => {
    const type = ASSETS[request.params.file];
    if (!type) return reply.code(404).send('');
    return reply
      .header('cache-control', 'public, max-age=300')
      .type(type)
      .send(readFileSync(path.join(CLIENT, request.params.file)));
  });

  server.get<{ Params: { file: string } }>('/originals/art/:file', async (request, reply) => {
    const sysname = request.params.file.replace(/\.svg$/, '');
    const [game] = await app.database.query<{
      name: string;
      provider: string;
      theme: Record<string, string>;
    }>(sql`
      select g.name, coalesce(p.name, g.provider_sysname) as provider, g.theme from games g
      left join game_providers p on p.sysname = g.provider_sysname
      where g.sysname = ${sysname} and g.launch_provider = 'northstar'`);
    if (!game || !request.params.file.endsWith('.svg'))
      return reply.code(404).type('text/plain').send('');
    return reply
      .header('cache-control', 'public, max-age=86400')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type('image/svg+xml')
      .send(gameArt(game));
  });

  async function purseFor(body: unknown): Promise<{ purse: Purse; game: OriginalGame }> {
    const parsed = v.safeParse(sessionInput, body);
    if (!parsed.success) throw new BetError(parsed.issues[0].message);
    const game = await findOriginal(app, parsed.output.game);
    if (!game) throw new RoundError('no_such_round');
    const { token, currency } = parsed.output;
    const purse = token.startsWith(FUN_PREFIX)
      ? await funPurse(app, token, game.sysname)
      : await walletPurse(wallet, token, game.sysname, currency);
    return { purse, game };
  }

  const api = (
    name: string,
    run: (purse: Purse, game: OriginalGame, body: Record<string, unknown>) => Promise<unknown>,
  ) =>
    server.post(`/originals/api/${name}`, async (request, reply) => {
      headers(reply);
      const body = (request.body ?? {}) as Record<string, unknown>;
      try {
        const { purse, game } = await purseFor(body);
        return await run(purse, game, body);
      } catch (error) {
        if (error instanceof SessionRefused) {
          return reply.code(401).send({ error: 'session_expired' });
        }
        if (error instanceof RoundError) {
          if (error.retryAfterMs) {
            reply.header('retry-after', Math.ceil(error.retryAfterMs / 1000));
          }
          return reply.code(HTTP_STATUS[error.code] ?? 409).send({
            error: error.code,
            ...(error.retryAfterMs ? { retryAfterMs: error.retryAfterMs } : {}),
          });
        }
        if (error instanceof BetError) {
          return reply.code(400).send({ error: 'bad_bet', message: error.message });
        }
        throw error;
      }
    });

  api('session', async (purse, game) => {
    const { resumable, finished } = await resume(app, purse);
    return {
      mode: purse.mode,
      currency: purse.currency,
      balance: await purse.balance(),
      // Only the packs this slot can play: a stake the 20 lines divide (a template an operator
      // priced otherwise is refused at the spin, so it is not offered).
      freespins:
        game.engine === 'slot' ? purse.freespins.filter((pack) => isSlotStake(pack.stake)) : [],
      resumable: resumable.map((round) => ({ round: round.id, view: roundView(round) })),
      finished: finished.map((round) => ({
        round: round.id,
        view:
          round.engine === 'blackjack'
            ? blackjackView(round.state.table as BlackjackState)
            : round.state.view,
        win: Number(round.win_minor),
      })),
      ...(game.engine === 'dice' ? { seeds: await activeSeeds(app, purse.owner) } : {}),
      ...(game.jackpot ? { jackpot: await jackpotPool(game.jackpot, purse.currency) } : {}),
    };
  });
  async function jackpotPool(sysname: string, currency: string) {
    const [pool] = await app.database.query<{ name: string; amount: string }>(sql`
      select name, pool_minor::text as amount from jackpots
      where sysname = ${sysname} and currency = ${currency}`);
    return pool ? { name: pool.name, amount: Number(pool.amount) } : null;
  }

  api('play', async (purse, game, body) => {
    // A round an earlier answer left open is finished first (once), so the next one can start.
    await resume(app, purse);
    return play(app, purse, game, body.bet);
  });
  api('act', (purse, _game, body) => act(app, purse, body));
  api('seeds', (purse, _game, body) => rotateSeeds(app, purse.owner, body));
}

function gameInfo(game: OriginalGame) {
  return {
    sysname: game.sysname,
    name: game.name,
    engine: game.engine,
    rtp: game.rtp,
    volatility: game.volatility,
    theme: game.theme,
    ...(game.slot
      ? {
          paylines: PAYLINES,
          freeSpins: game.slot.freeSpins,
          multiplier: game.slot.freeSpinMultiplier,
          pays: game.slot.pays,
          scatterPays: game.slot.scatterPays,
        }
      : {}),
    ...(game.edge !== undefined ? { edge: game.edge } : {}),
    ...(game.jackpot
      ? { jackpot: JACKPOTS.find((jackpot) => jackpot.sysname === game.jackpot)?.name }
      : {}),
  };
}

/** The lobby link shown in the frame: only a path on this site, by the one same-origin rule. */
function sameOriginLobby(value: string | undefined, request: { host: string }) {
  if (!value) return null;
  // The launch sends an absolute URL of this site; take its path, then check that.
  const absolute = URL.canParse(value) ? new URL(value) : null;
  if (absolute && absolute.host !== request.host) return null;
  return sameOriginPath(absolute ? absolute.pathname + absolute.search : value);
}
