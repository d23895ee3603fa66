/**
 * The bare baseline of `tools/bench-api.ts`: a Fastify route that does the same work as
 * `GET /api/account/getBalance` (session lookup by the cookie's hash, then the balances) with raw
 * `pg` and nothing else. Listens on PORT against DATABASE_URL.
 */
import { createHash } from 'node:crypto';
import Fastify from 'fastify';
import fastifyCookie from '@fastify/cookie';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = Fastify();
await app.register(fastifyCookie);

app.get('/balance', async (request, reply) => {
  const token = request.cookies.ns_session;
  if (!token) return reply.code(401).send({ error: 'no session' });
  const id = createHash('sha256').update(token).digest('hex');
  const session = await pool.query({
    name: 'session',
    text: `select s.player_id, p.currency from sessions s join players p on p.id = s.player_id
           where s.id = $1 and s.revoked_at is null and s.expires_at > now()`,
    values: [id],
  });
  const row = session.rows[0] as { player_id: number; currency: string } | undefined;
  if (!row) return reply.code(401).send({ error: 'no session' });
  const wallets = await pool.query({
    name: 'wallets',
    text: 'select kind, balance_minor from wallets where player_id = $1 and currency = $2',
    values: [row.player_id, row.currency],
  });
  const balances: Record<string, string> = { main: '0', bonus: '0', betting_bonus: '0', fun: '0' };
  for (const w of wallets.rows as { kind: string; balance_minor: string }[])
    balances[w.kind] = w.balance_minor;
  return { data: { currency: row.currency, balances } };
});

await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log('bare server ready');
