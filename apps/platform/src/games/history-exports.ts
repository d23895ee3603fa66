import { PassThrough } from 'node:stream';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../context.ts';
import { resolveSession } from '../identity/index.ts';
import { generalSettings } from '../lib/general-settings.ts';
import { playerRounds, type RoundFilter } from '../wallet/index.ts';
import { gameNamesOf } from './catalogue-queries.ts';

/**
 * Game history and its exports (§3 is_game_history_export_enabled, §7 Games; issue #25; the
 * answers' shape is not shown, so ours).
 *
 * - games/getHistory: the player's rounds from the wallet's own records, filtered by period
 *   (UTC days, both included), product (the provider's type in the catalogue) and unfinished.
 * - An export request makes a `pending` row for a period of at most a year (366 days: a leap
 *   year's whole year fits); a background job claims it (`FOR UPDATE SKIP LOCKED`, so two
 *   platform instances never take the same one) and writes the rounds as CSV and as XLSX
 *   (exceljs' streaming writer, fed a page of rounds at a time), and `/platform/exports/{id}.csv`
 *   or `.xlsx` hands a file to its owner only (anyone else: 404, as if there were none).
 * - One request at a time per player; the job also picks up what a restart left pending.
 */
export const EXPORT_MAX_ROUNDS = 10_000;
/** A year, and a leap year's extra day. */
export const EXPORT_MAX_DAYS = 366;
const EXPORT_DEFAULT_DAYS = 30;
const PAGE = 500;
const DAY_MS = 86_400_000;

type ExportRow = {
  id: number;
  status: 'pending' | 'processing' | 'ready' | 'failed';
  rows: number | null;
  created_at: Date | string;
  finished_at: Date | string | null;
  period_from: Date | string | null;
  period_to: Date | string | null;
};

const EXPORT_COLUMNS = sql`id, status, rows, created_at, finished_at, period_from, period_to`;

const isoDay = (value: Date | string) => new Date(value).toISOString().slice(0, 10);

function exportView(row: ExportRow) {
  return {
    id: row.id,
    status: row.status,
    rows: row.rows,
    created_at: new Date(row.created_at).toISOString(),
    finished_at: row.finished_at ? new Date(row.finished_at).toISOString() : null,
    url: row.status === 'ready' ? `/platform/exports/${row.id}.csv` : null,
    xlsx_url: row.status === 'ready' ? `/platform/exports/${row.id}.xlsx` : null,
    from: row.period_from ? isoDay(row.period_from) : null,
    // The period's last day (the stored end is the next day's start).
    to: row.period_to ? isoDay(new Date(new Date(row.period_to).getTime() - DAY_MS)) : null,
  };
}

/** A `YYYY-MM-DD` day as the UTC instant it starts; a day that does not exist is refused. */
function dayStart(value: string, name: 'from' | 'to'): Date {
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || isoDay(date) !== value) {
    throw new ApiError('InvalidParameter', 'This is not a date', {
      invalidParameters: { [name]: ['date'] },
    });
  }
  return date;
}

export interface HistoryQuery {
  from?: string | undefined;
  to?: string | undefined;
  product?: string | undefined;
  status?: 'open' | undefined;
}

/** The wallet's filter for a history query: the product becomes the catalogue's game codes. */
async function roundFilter(app: AppContext, query: HistoryQuery): Promise<RoundFilter> {
  const filter: RoundFilter = {};
  if (query.from) filter.from = dayStart(query.from, 'from');
  if (query.to) filter.to = new Date(dayStart(query.to, 'to').getTime() + DAY_MS);
  if (filter.from && filter.to && filter.from >= filter.to) {
    throw new ApiError('InvalidParameter', 'The period ends before it starts', {
      invalidParameters: { to: ['min_value'] },
    });
  }
  if (query.product) {
    const rows = await app.database.query<{ sysname: string }>(sql`
      select g.sysname from games g join game_providers p on p.sysname = g.provider_sysname
      where p.type = ${query.product}`);
    filter.gameCodes = rows.map((row) => row.sysname);
  }
  if (query.status === 'open') filter.openOnly = true;
  return filter;
}

/**
 * A player's rounds (games/getHistory, the export), newest first: the wallet's records (its door)
 * with each game's catalogue name, or its code when the catalogue does not know it.
 */
export async function playerGameRounds(
  app: AppContext,
  playerId: number,
  page: { limit: number; offset: number },
  query: HistoryQuery = {},
) {
  const { total, items } = await playerRounds(app, playerId, page, await roundFilter(app, query));
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
      balance_after: item.balance_after,
    })),
  };
}

/** The player's export requests, newest first. */
export async function playerExports(app: AppContext, playerId: number) {
  const rows = await app.database.query<ExportRow>(sql`
    select ${EXPORT_COLUMNS} from game_history_exports
    where player_id = ${playerId} order by id desc limit 20`);
  return { total: rows.length, items: rows.map(exportView) };
}

export async function latestExport(app: AppContext, playerId: number) {
  const { items } = await playerExports(app, playerId);
  return items[0] ?? null;
}

/**
 * A new export of a period (days, UTC, both included; by default the last 30 days). Over a year
 * is refused on `to` with `export_period_too_long`, a clear message the page words.
 */
export async function requestExport(
  app: AppContext,
  playerId: number,
  period: { from?: string | undefined; to?: string | undefined } = {},
) {
  const today = dayStart(isoDay(app.now()), 'to');
  const end = period.to
    ? new Date(dayStart(period.to, 'to').getTime() + DAY_MS)
    : new Date(today.getTime() + DAY_MS);
  const start = period.from
    ? dayStart(period.from, 'from')
    : new Date(end.getTime() - EXPORT_DEFAULT_DAYS * DAY_MS);
  if (start >= end) {
    throw new ApiError('InvalidParameter', 'The period ends before it starts', {
      invalidParameters: { to: ['min_value'] },
    });
  }
  if (end.getTime() - start.getTime() > EXPORT_MAX_DAYS * DAY_MS) {
    throw new ApiError('InvalidParameter', 'An export covers at most one year', {
      invalidParameters: { to: ['export_period_too_long'] },
    });
  }
  const [running] = await app.database.query<ExportRow>(sql`
    select ${EXPORT_COLUMNS} from game_history_exports
    where player_id = ${playerId} and status in ('pending', 'processing')
    order by id desc limit 1`);
  if (running) return exportView(running);
  const [created] = await app.database.query<ExportRow>(sql`
    insert into game_history_exports (player_id, period_from, period_to)
    values (${playerId}, ${start.toISOString()}, ${end.toISOString()})
    returning ${EXPORT_COLUMNS}`);
  setImmediate(() => void runExports(app));
  return exportView(created!);
}

/** A cell that a spreadsheet would take for a formula starts with a quote (CSV injection). */
function safeText(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

function csvCell(value: string): string {
  const safe = safeText(value);
  return /[",\n\r]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const HEADER = [
  'round',
  'game',
  'provider',
  'currency',
  'stake',
  'win',
  'balance_after',
  'status',
  'started_at',
  'finished_at',
] as const;

type Round = Awaited<ReturnType<typeof playerGameRounds>>['items'][number];

function lineOf(item: Round): string[] {
  return [
    item.round,
    item.game.name,
    item.provider,
    item.currency,
    item.stake,
    item.win,
    item.balance_after ?? '',
    item.status,
    item.started_at,
    item.finished_at ?? '',
  ];
}

/**
 * The files of one export: the rounds are read a page at a time and each page goes to the CSV
 * text and to exceljs' streaming workbook writer (rows committed as they come, never a workbook
 * built in memory), whose output stream is collected into the stored file.
 */
async function writeFiles(
  app: AppContext,
  playerId: number,
  period: { from: Date; to: Date },
): Promise<{ csv: string; xlsx: Buffer; rows: number }> {
  const output = new PassThrough();
  const chunks: Buffer[] = [];
  output.on('data', (chunk: Buffer) => chunks.push(chunk));
  const finished = new Promise<void>((resolve, reject) => {
    output.on('end', resolve);
    output.on('error', reject);
  });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useStyles: false,
    useSharedStrings: false,
  });
  const sheet = workbook.addWorksheet('Game history');
  sheet.addRow([...HEADER]).commit();
  const lines = [HEADER.join(',')];
  const query = { from: isoDay(period.from), to: isoDay(new Date(period.to.getTime() - DAY_MS)) };
  let rows = 0;
  for (let offset = 0; offset < EXPORT_MAX_ROUNDS; offset += PAGE) {
    const limit = Math.min(PAGE, EXPORT_MAX_ROUNDS - offset);
    const { items } = await playerGameRounds(app, playerId, { limit, offset }, query);
    for (const item of items) {
      const line = lineOf(item);
      lines.push(line.map(csvCell).join(','));
      sheet.addRow(line.map(safeText)).commit();
    }
    rows += items.length;
    if (items.length < limit) break;
  }
  sheet.commit();
  await workbook.commit();
  await finished;
  return { csv: lines.join('\r\n') + '\r\n', xlsx: Buffer.concat(chunks), rows };
}

/** Each app (a platform instance) runs one worker at a time; instances share the database. */
const running = new WeakMap<AppContext, Promise<number[]>>();

/**
 * Works through pending exports, one at a time, each claimed with `FOR UPDATE SKIP LOCKED` so
 * that two instances never share one. Resolves with the ids this worker finished.
 */
export function runExports(app: AppContext): Promise<number[]> {
  const current = running.get(app);
  if (current) return current;
  const work = (async () => {
    const done: number[] = [];
    try {
      for (;;) {
        const [claimed] = await app.database.query<{
          id: number;
          player_id: number;
          period_from: Date | string | null;
          period_to: Date | string | null;
          created_at: Date | string;
        }>(sql`
          update game_history_exports set status = 'processing'
          where id = (select id from game_history_exports where status = 'pending'
                      order by id limit 1 for update skip locked)
          returning id, player_id, period_from, period_to, created_at`);
        if (!claimed) return done;
        try {
          // Rows made before periods existed: everything up to the request.
          const period = {
            from: new Date(claimed.period_from ?? 0),
            to: new Date(claimed.period_to ?? new Date(claimed.created_at).getTime() + DAY_MS),
          };
          const { csv, xlsx, rows } = await writeFiles(app, claimed.player_id, period);
          await app.database.query(sql`
            update game_history_exports
            set status = 'ready', csv = ${csv}, xlsx_base64 = ${xlsx.toString('base64')},
                rows = ${rows}, finished_at = ${app.now().toISOString()}
            where id = ${claimed.id}`);
        } catch (error) {
          console.error(`[exports] export ${claimed.id} failed`, error);
          await app.database.query(sql`
            update game_history_exports set status = 'failed', finished_at = ${app.now().toISOString()}
            where id = ${claimed.id}`);
        }
        done.push(claimed.id);
      }
    } finally {
      running.delete(app);
    }
  })();
  running.set(app, work);
  return work;
}

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** `GET /platform/exports/{id}.csv|.xlsx`: the owner's file; for anyone else there is none. */
export function registerExportDownloads(server: FastifyInstance, app: AppContext): void {
  server.get<{ Params: { file: string } }>('/platform/exports/:file', async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    const match = /^([1-9][0-9]{0,9})\.(csv|xlsx)$/.exec(request.params.file);
    const session = match
      ? await resolveSession(app, request, generalSettings().time_to_force_logout)
      : null;
    const [row] =
      match && session
        ? await app.database.query<{ csv: string | null; xlsx_base64: string | null }>(sql`
            select csv, xlsx_base64 from game_history_exports
            where id = ${Number(match[1])} and player_id = ${session.playerId}
              and status = 'ready'`)
        : [];
    const kind = match?.[2];
    const body = kind === 'xlsx' ? row?.xlsx_base64 : row?.csv;
    if (!row || !body) return reply.code(404).type('text/plain').send('Not found');
    const name = `game-history-${match![1]}.${kind}`;
    reply.header('content-disposition', `attachment; filename="${name}"`);
    if (kind === 'xlsx') return reply.type(XLSX_TYPE).send(Buffer.from(body, 'base64'));
    return reply.type('text/csv; charset=utf-8').send(body);
  });
  // What a restart left pending is finished once the server is up.
  server.addHook('onReady', async () => {
    void runExports(app);
  });
}
