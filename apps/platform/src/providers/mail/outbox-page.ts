import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { mailOutbox } from './schema.ts';

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

/**
 * `/dev/mail`: the sandbox outbox (password reset codes, two-factor codes, confirmations);
 * `/dev/mail.json` gives the same list to tests.
 *
 * Only the PAGE is demo mode (demo/mode.ts, MAIL_OUTBOX): server.ts registers the mail domain only
 * then. The outbox table itself stays the mail and SMS transport in every mode (outbox.ts: there
 * is no SMTP or SMS gateway here), so a production start still writes every message there; it
 * just does not show them to whoever asks.
 */
export function registerMailPage(server: FastifyInstance, app: AppContext): void {
  const latest = () =>
    app.database.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(100);
  server.get('/dev/mail.json', async (_request, reply) =>
    reply.header('cache-control', 'no-store').send(await latest()),
  );
  server.get('/dev/mail', async (_request, reply) => {
    const rows = await latest();
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escape(m.subject)}</h2><p class="meta">${escape(m.channel)} to <b>${escape(m.recipient)}</b> · ${m.createdAt.toISOString()}</p><pre>${escape(m.body)}</pre></article>`,
      )
      .join('');
    return reply
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Sandbox outbox</title><style>body{font:15px system-ui;background:#0b0f1c;color:#f2f4fa;max-width:760px;margin:32px auto;padding:0 16px}article{background:#131a2c;border:1px solid #2a3557;border-radius:12px;padding:16px;margin:12px 0}.meta{color:#a7b0cc}pre{white-space:pre-wrap;font-size:16px}</style></head><body><h1>Sandbox outbox</h1><p>Mail and SMS the platform sent (newest first). Demo mode only.</p>${items || '<p>No messages yet.</p>'}</body></html>`,
      );
  });
}
