import type { FastifyInstance, FastifyReply } from 'fastify';
import { ApiError } from '@northstar/errors';
import { passesLuhn } from '@northstar/validators';
import { escapeHtml } from '../../../lib/html.ts';
import { isRecord } from '../../../lib/input.ts';
import { sameOriginPath } from '../../../lib/redirects.ts';
import { TEST_CARDS, type SandboxPaymentProvider, type SandboxRecord } from './provider.ts';

/**
 * The sandbox provider's hosted payment page, as a real provider's checkout: the card form
 * (`GET /payments/sandbox/pay/{id}`), its submission (Luhn, expiry, CVC; the outcome by test
 * card), the 3-D Secure step (`…/challenge`), and the way back to the site's result pages. The
 * card number is checked and dropped here: only its last four digits are kept.
 */

type Fields = { number: string; expiry: string; cvc: string; name: string };
type Errors = Partial<Record<keyof Fields, string>>;

export function checkCard(fields: Fields, now: Date): Errors {
  const errors: Errors = {};
  const digits = fields.number.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) {
    errors.number = 'Your card number is invalid.';
  }
  const expiry = /^(\d{2})\s*\/\s*(\d{2}|\d{4})$/.exec(fields.expiry.trim());
  if (!expiry) {
    errors.expiry = 'Enter the expiry date as MM/YY.';
  } else {
    const month = Number(expiry[1]);
    const year = expiry[2]!.length === 2 ? 2000 + Number(expiry[2]) : Number(expiry[2]);
    const endOfMonth = Date.UTC(year, month, 1);
    if (month < 1 || month > 12) errors.expiry = 'Enter the expiry date as MM/YY.';
    else if (endOfMonth <= now.getTime()) errors.expiry = 'Your card has expired.';
  }
  if (!/^\d{3,4}$/.test(fields.cvc.trim())) errors.cvc = 'Your card’s security code is invalid.';
  return errors;
}

function returnUrl(record: SandboxRecord, outcome: 'success' | 'fail' | 'pending' | 'cancel') {
  const urls = JSON.parse(record.return_url) as Record<string, string>;
  // Only same-site paths (the one same-origin check): a return URL is never another origin.
  return sameOriginPath(urls[outcome]) ?? '/';
}

const field = (value: unknown) => (typeof value === 'string' ? value : '');

export function registerSandboxPages(server: FastifyInstance, provider: SandboxPaymentProvider) {
  const load = async (id: string) => {
    const record = /^pay_[0-9a-f]{24}$/.test(id) ? await provider.record(id) : null;
    if (!record || record.kind !== 'payment') {
      throw new ApiError('MethodNotFound', 'There is no such payment');
    }
    return record;
  };

  server.get<{ Params: { id: string } }>('/payments/sandbox/pay/:id', async (request, reply) => {
    const record = await load(request.params.id);
    if (record.status === 'challenge') {
      return reply.redirect(`/payments/sandbox/pay/${record.id}/challenge`, 303);
    }
    if (record.status !== 'open') return send(reply, 200, donePage(record));
    if (provider.sessionExpired(record)) return send(reply, 410, expiredPage(record));
    return send(reply, 200, cardPage(record));
  });

  server.post<{ Params: { id: string } }>('/payments/sandbox/pay/:id', async (request, reply) => {
    const record = await load(request.params.id);
    if (record.status !== 'open') return send(reply, 409, donePage(record));
    // The session is over: nothing is taken (the cashier expires the deposit on its side).
    if (provider.sessionExpired(record)) return send(reply, 410, expiredPage(record));
    const body = isRecord(request.body) ? request.body : {};
    if (body.action === 'cancel') {
      const decided = await provider.decide(record.id, 'failed', { reason: 'cancelled' });
      return reply.redirect(returnUrl(decided ?? record, 'cancel'), 303);
    }
    const fields: Fields = {
      number: field(body.number),
      expiry: field(body.expiry),
      cvc: field(body.cvc),
      name: field(body.name),
    };
    const errors = checkCard(fields, provider.app.now());
    if (Object.keys(errors).length > 0) {
      // The number is never sent back into the page: the player types it again.
      return send(reply, 400, cardPage(record, { ...fields, number: '', cvc: '' }, errors));
    }
    const digits = fields.number.replace(/[\s-]/g, '');
    const last4 = digits.slice(-4);
    if (digits === TEST_CARDS.threeDSecure) {
      await provider.decide(record.id, 'challenge', { last4 });
      return reply.redirect(`/payments/sandbox/pay/${record.id}/challenge`, 303);
    }
    if (digits === TEST_CARDS.success) {
      await provider.decide(record.id, 'succeeded', { last4 });
      return reply.redirect(returnUrl(record, 'success'), 303);
    }
    if (digits === TEST_CARDS.pending) {
      await provider.decide(record.id, 'processing', { last4 });
      return reply.redirect(returnUrl(record, 'pending'), 303);
    }
    await provider.decide(record.id, 'failed', { last4, reason: 'card_declined' });
    return reply.redirect(returnUrl(record, 'fail'), 303);
  });

  server.get<{ Params: { id: string } }>(
    '/payments/sandbox/pay/:id/challenge',
    async (request, reply) => {
      const record = await load(request.params.id);
      if (record.status !== 'challenge') return send(reply, 200, donePage(record));
      return send(reply, 200, challengePage(record));
    },
  );

  server.post<{ Params: { id: string } }>(
    '/payments/sandbox/pay/:id/challenge',
    async (request, reply) => {
      const record = await load(request.params.id);
      if (record.status !== 'challenge') return send(reply, 409, donePage(record));
      if (provider.sessionExpired(record)) return send(reply, 410, expiredPage(record));
      const body = isRecord(request.body) ? request.body : {};
      if (body.action === 'complete') {
        await provider.decide(record.id, 'succeeded');
        return reply.redirect(returnUrl(record, 'success'), 303);
      }
      await provider.decide(record.id, 'failed', { reason: 'authentication_failed' });
      return reply.redirect(returnUrl(record, 'fail'), 303);
    },
  );
}

function send(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .header('x-frame-options', 'DENY')
    .header('referrer-policy', 'no-referrer')
    .header(
      'content-security-policy',
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
    )
    .type('text/html; charset=utf-8')
    .send(html);
}

const STYLE = `
*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,sans-serif;background:#eef1f6;color:#1a2233}
main{max-width:440px;margin:40px auto;padding:0 16px}
.card{background:#fff;border-radius:14px;box-shadow:0 8px 30px rgba(20,30,60,.12);padding:28px}
.brand{display:flex;justify-content:space-between;align-items:center;margin-bottom:18px;font-weight:700}
.badge{font-size:12px;background:#fff4d6;color:#7a5600;border-radius:999px;padding:2px 10px}
.amount{font-size:30px;font-weight:700;margin:0 0 4px}.muted{color:#5b6478;font-size:14px}
label{display:block;font-weight:600;font-size:14px;margin:16px 0 6px}
input{width:100%;font:inherit;padding:11px 12px;border:1px solid #c4cad6;border-radius:8px}
input:focus{outline:3px solid #8cb4ff;border-color:#3d6fd6}
.row{display:grid;grid-template-columns:1fr 1fr;gap:12px}
.error{color:#b3261e;font-size:14px;margin:6px 0 0}
button{font:inherit;font-weight:700;border:0;border-radius:8px;padding:12px 16px;cursor:pointer;width:100%;margin-top:20px}
.pay{background:#3d6fd6;color:#fff}.secondary{background:transparent;color:#3d6fd6;margin-top:8px}
details{margin-top:22px;font-size:14px}code{font-size:13px}
`;

function layout(title: string, content: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(title)}</title><meta name="robots" content="noindex"><style>${STYLE}</style></head><body><main><div class="card"><div class="brand"><span>Sandbox Pay</span><span class="badge">Test mode</span></div>${content}</div></main></body></html>`;
}

const amountLine = (record: SandboxRecord) =>
  `<p class="amount">${escapeHtml(record.amount)} ${escapeHtml(record.currency)}</p><p class="muted">Northstar Casino · payment ${escapeHtml(record.id)}</p>`;

function input(name: keyof Fields, label: string, value: string, errors: Errors, extra: string) {
  const error = errors[name];
  return `<label for="${name}">${label}</label><input id="${name}" name="${name}" value="${escapeHtml(value)}" ${extra}${error ? ` aria-invalid="true" aria-describedby="${name}-error"` : ''}>${error ? `<p class="error" id="${name}-error">${escapeHtml(error)}</p>` : ''}`;
}

function cardPage(
  record: SandboxRecord,
  values: Fields = { number: '', expiry: '', cvc: '', name: '' },
  errors: Errors = {},
) {
  return layout(
    'Pay with card',
    `${amountLine(record)}
<form method="post" novalidate>
${input('number', 'Card number', values.number, errors, 'inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required')}
<div class="row"><div>${input('expiry', 'Expiry (MM/YY)', values.expiry, errors, 'autocomplete="cc-exp" placeholder="MM/YY" required')}</div>
<div>${input('cvc', 'CVC', values.cvc, errors, 'inputmode="numeric" autocomplete="cc-csc" placeholder="123" required')}</div></div>
${input('name', 'Name on card', values.name, errors, 'autocomplete="cc-name"')}
<button class="pay" type="submit" name="action" value="pay">Pay ${escapeHtml(record.amount)} ${escapeHtml(record.currency)}</button>
<button class="secondary" type="submit" name="action" value="cancel" formnovalidate>Cancel and return to the site</button>
</form>
<details><summary>Test cards</summary><ul>
<li><code>4242 4242 4242 4242</code> succeeds</li>
<li><code>4000 0000 0000 0002</code> is declined</li>
<li><code>4000 0000 0000 3220</code> asks for 3-D Secure</li>
<li><code>4000 0000 0000 1000</code> stays pending, then succeeds</li>
</ul><p class="muted">Any future expiry date and any 3-digit CVC.</p></details>`,
  );
}

function challengePage(record: SandboxRecord) {
  return layout(
    '3-D Secure',
    `${amountLine(record)}
<h1 style="font-size:20px">Confirm it is you</h1>
<p>Your bank asks you to confirm this payment with the card ending in ${escapeHtml(record.card_last4 ?? '····')}.</p>
<form method="post">
<button class="pay" type="submit" name="action" value="complete">Complete authentication</button>
<button class="secondary" type="submit" name="action" value="fail">Fail authentication</button>
</form>`,
  );
}

function donePage(record: SandboxRecord) {
  const text =
    record.status === 'succeeded' || record.status === 'processing'
      ? 'This payment has been submitted.'
      : 'This payment is closed.';
  return layout(
    'Payment',
    `${amountLine(record)}<p>${text}</p><p><a href="/">Back to the site</a></p>`,
  );
}

function expiredPage(record: SandboxRecord) {
  return layout(
    'Payment session expired',
    `${amountLine(record)}<p>This payment session has expired and nothing was charged. Start a new deposit on the site.</p><p><a href="/">Back to the site</a></p>`,
  );
}
