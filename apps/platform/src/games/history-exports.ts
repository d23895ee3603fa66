import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { resolveSession } from '../identity/index.ts';
import { generalSettings } from '../lib/general-settings.ts';
import { playerRounds } from '../wallet/index.ts';
import { gameNamesOf } from './catalogue-queries.ts';

/**
 * Game-history exports (§3 is_game_history_export_enabled; the answers' shape is not shown, so
 * ours): a request makes a `pending` row, a background job writes the player's rounds as CSV
 * into it, and `/platform/exports/{id}.csv` hands it to its owner only (anyone else: 404). One
 * request at a time per player; the job also picks up what a restart left pending.
 */
export const EXPORT_MAX_ROUNDS = 10_000;

type ExportRow = {
  id: number;
  status: 'pending' | 'processing' | 'ready' | 'failed';
  rows: number | null;
  created_at: Date | string;
  finished_at: Date | string | null;
};

function exportView(row: ExportRow) {
  return {
    id: row.id,
    status: row.status,
    rows: row.rows,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    url: row.status === 'ready' ? `/platform/exports/${row.id}.csv` : null,
  };
}

/**
 * A player's rounds (games/getHistory, the export), newest first: the wallet's records (its door)
 * with each game's catalogue name, or its code when the catalogue does not know it.
 */
export async function playerGameRounds(
  app: AppContext,
  playerId: number,
  page: { limit: number; offset: number },
) {
  const { total, items } = await playerRounds(app, playerId, page);
  const names = await gameNamesOf(
    app,
    items.map((item) => item.game_code),
  );
  return {
    total,
    items: items.map(({ game_code, ...item }) => ({
      round: item.round,
      game: { sysname: game_code, name: names.get(game_code) ?? game_code },
      provider: item.provider,
      currency: item.currency,
      stake: item.stake,
      win: item.win,
      status: item.status,
      started_at: item.started_at,
      finished_at: item.finished_at,
    })),
  };
}

export async function latestExport(app: AppContext, playerId: number) {
  const [row] = await app.database.query<ExportRow>(sql`
    select id, status, rows, created_at, finished_at from game_history_exports
    where player_id = ${playerId} order by id desc limit 1`);
  return row ? exportView(row) : null;
}

export async function requestExport(app: AppContext, playerId: number) {
  const [running] = await app.database.query<ExportRow>(sql`
    select id, status, rows, created_at, finished_at from game_history_exports
    where player_id = ${playerId} and status in ('pending', 'processing')
    order by id desc limit 1`);
  if (running) return exportView(running);
  const [created] = await app.database.query<ExportRow>(sql`
    insert into game_history_exports (player_id) values (${playerId})
    returning id, status, rows, created_at, finished_at`);
  setImmediate(() => void runExports(app));
  return exportView(created!);
}

/** A cell that a spreadsheet would take for a formula starts with a quote (CSV injection). */
function cell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

async function writeCsv(app: AppContext, playerId: number): Promise<{ csv: string; rows: number }> {
  const { items } = await playerGameRounds(app, playerId, { limit: EXPORT_MAX_ROUNDS, offset: 0 });
  const lines = [
    [
      'round',
      'game',
      'provider',
      'currency',
      'stake',
      'win',
      'status',
      'started_at',
      'finished_at',
    ],
    ...items.map((item) => [
      item.round,
      item.game.name,
      item.provider,
      item.currency,
      item.stake,
      item.win,
      item.status,
      item.started_at,
      item.finished_at ?? '',
    ]),
  ];
  return {
    csv: lines.map((line) => line.map(cell).join(',')).join('\r\n') + '\r\n',
    rows: items.length,
  };
}

let running: Promise<void> | null = null;

/** Works through pending exports, one at a time, each claimed so that two instances never share one. */
export function runExports(app: AppContext): Promise<void> {
  running ??= (async () => {
    try {
      for (;;) {
        const [claimed] = await app.database.query<{ id: number; player_id: number }>(sql`
          update game_history_exports set status = 'processing'
          where id = (select id from game_history_exports where status = 'pending'
                      order by id limit 1 for update skip locked)
          returning id, player_id`);
        if (!claimed) return;
        try {
          const { csv, rows } = await writeCsv(app, claimed.player_id);
          await app.database.query(sql`
            update game_history_exports
            set status = 'ready', csv = ${csv}, rows = ${rows},
                finished_at = ${app.now().toISOString()}
            where id = ${claimed.id}`);
        } catch {
          await app.database.query(sql`
            update game_history_exports set status = 'failed', finished_at = ${app.now().toISOString()}
            where id = ${claimed.id}`);
        }
      }
    } finally {
      running = null;
    }
  })();
  return running;
}

/** `GET /platform/exports/{id}.csv`: the owner's file; for anyone else there is no such file. */
export function registerExportDownloads(server: FastifyInstance, app: AppContext): void {
  server.get<{ Params: { file: string } }>('/platform/exports/:file', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const match = /^([1-9][0-9]{0,9})\.csv$/.exec(request.params.file);
    const session = match
      ? await resolveSession(app, request, generalSettings().time_to_force_logout)
      : null;
    const [row] =
      match && session
        ? await app.database.query<{ csv: string }>(sql`
            select csv from game_history_exports
            where id = ${Number(match[1])} and player_id = ${session.playerId}
              and status = 'ready'`)
        : [];
    if (!row) return reply.code(404).type('text/plain').send('Not found');
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="game-history-${match![1]}.csv"`)
      .send(row.csv);
  });
  // What a restart left pending is finished once the server is up.
  server.addHook('onReady', async () => {
    void runExports(app);
  });
}
