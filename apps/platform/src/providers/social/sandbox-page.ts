import type { FastifyInstance, FastifyReply } from 'fastify';
import * as v from 'valibot';
import { invalidParameters, wire } from '@northstar/contract';
import { checked } from '../../lib/input.ts';
import { ApiError } from '@northstar/errors';
import type { AppContext } from '../../context.ts';
import { withQuery } from '../../lib/redirects.ts';
import { socialProvider } from './registry.ts';
import { CODE_CHALLENGE, SandboxOAuthProvider } from './sandbox.ts';

/**
 * The sandbox provider's own pages (sandbox.ts): `GET /sandbox/oauth/{provider}/authorize` shows
 * the consent form, its `POST` issues a one-time authorization code bound to the redirect path
 * and the PKCE code challenge and sends the browser back to the registered redirect path with
 * `code` and `state` (Cancel: `error=access_denied`); `POST /sandbox/oauth/{provider}/token`
 * is its token endpoint for clients over HTTP (the platform calls it in process, sandbox.ts).
 * What is wrong with the request itself (unknown provider, unregistered redirect, no state) is a
 * typed error and never a redirect, as at a real provider.
 */

/**
 * What the relying party sends (OAuth 2.0 authorization code grant with PKCE, RFC 7636): S256
 * only, as the OAuth 2.0 Security BCP asks; `plain` and a missing challenge are refused.
 */
const authorizeRequest = v.object({
  response_type: wire.oneOf(['code']),
  client_id: v.optional(v.unknown()),
  scope: v.optional(v.unknown()),
  redirect_uri: v.unknown(),
  state: wire.text({ max: 200, pattern: /^[A-Za-z0-9_.~-]+$/ }),
  code_challenge: wire.text({ max: 43, pattern: CODE_CHALLENGE }),
  code_challenge_method: wire.oneOf(['S256']),
});

/** What the person types; a mistake here shows the form again with the message. */
const consentFields = v.object({
  email: wire.email(),
  name: v.optional(v.pipe(v.string('wrong_field'), v.trim(), v.maxLength(80, 'max_length'))),
});

const decision = v.object({ decision: wire.oneOf(['allow', 'cancel']) });

type FieldErrors = Partial<Record<'email' | 'name', string>>;

const MESSAGES: Record<string, string> = {
  required: 'Enter an e-mail address.',
  email: 'Enter an e-mail address in the form name@example.com.',
  max_length: 'This is too long.',
  wrong_field: 'Check this value.',
};

function sandboxProvider(app: AppContext, name: string): SandboxOAuthProvider {
  const provider = socialProvider(app, name);
  if (!(provider instanceof SandboxOAuthProvider)) {
    throw new ApiError('MethodNotFound', 'This provider has no sandbox pages');
  }
  return provider;
}

function parse<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  return checked(schema, input, 'The authorization request is not valid');
}

/** The redirect path and state of a request, or a typed 400. */
function relyingParty(provider: SandboxOAuthProvider, input: Record<string, unknown>) {
  const request = parse(authorizeRequest, input);
  const redirectUri = provider.registeredRedirect(request.redirect_uri);
  if (redirectUri === null) {
    throw new ApiError('InvalidParameter', 'redirect_uri is not registered for this provider', {
      invalidParameters: { redirect_uri: ['wrong_field'] },
    });
  }
  return { redirectUri, state: request.state, codeChallenge: request.code_challenge };
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

export function registerSandboxOAuthPages(server: FastifyInstance, app: AppContext): void {
  server.get<{ Params: { provider: string } }>(
    '/sandbox/oauth/:provider/authorize',
    async (request, reply) => {
      const provider = sandboxProvider(app, request.params.provider);
      const { redirectUri, state, codeChallenge } = relyingParty(provider, asRecord(request.query));
      return sendPage(reply, 200, consentPage({ provider, redirectUri, state, codeChallenge }));
    },
  );

  server.post<{ Params: { provider: string } }>(
    '/sandbox/oauth/:provider/authorize',
    async (request, reply) => {
      const provider = sandboxProvider(app, request.params.provider);
      const body = asRecord(request.body);
      const { redirectUri, state, codeChallenge } = relyingParty(provider, body);
      const choice = parse(decision, body).decision;
      if (choice === 'cancel') {
        return reply
          .header('cache-control', 'no-store')
          .redirect(withQuery(redirectUri, { error: 'access_denied', state }), 303);
      }
      const fields = v.safeParse(consentFields, body);
      const emailVerified = body.email_verified === '1' || body.email_verified === 'on';
      if (!fields.success) {
        const errors: FieldErrors = {};
        for (const [key, codes] of Object.entries(invalidParameters(fields.issues))) {
          if (key === 'email' || key === 'name')
            errors[key] = MESSAGES[codes[0]!] ?? MESSAGES.wrong_field;
        }
        const values = {
          email: typeof body.email === 'string' ? body.email : '',
          name: typeof body.name === 'string' ? body.name : '',
          emailVerified,
        };
        return sendPage(
          reply,
          400,
          consentPage({ provider, redirectUri, state, codeChallenge, values, errors }),
        );
      }
      const code = await provider.issueCode(
        { email: fields.output.email, name: fields.output.name || null, emailVerified },
        { redirectUri, codeChallenge },
      );
      return reply
        .header('cache-control', 'no-store')
        .redirect(withQuery(redirectUri, { code, state }), 303);
    },
  );

  // The token endpoint over HTTP (form body, RFC 6749 §4.1.3); no cookies, no marker header:
  // a client authenticates with the code and its verifier, not a browser session.
  server.post<{ Params: { provider: string } }>(
    '/sandbox/oauth/:provider/token',
    async (request, reply) => {
      const provider = sandboxProvider(app, request.params.provider);
      const params = new URLSearchParams();
      for (const [key, value] of Object.entries(asRecord(request.body))) {
        if (typeof value === 'string') params.set(key, value);
      }
      const answer = await provider.token(params);
      return reply
        .code(answer.status)
        .header('cache-control', 'no-store')
        .header('pragma', 'no-cache')
        .send(answer.body);
    },
  );
}

function sendPage(reply: FastifyReply, status: number, html: string) {
  return (
    reply
      .code(status)
      .header('cache-control', 'no-store')
      // A consent page must not be framed (clickjacking) nor leak its URL onward.
      .header('x-frame-options', 'DENY')
      .header('referrer-policy', 'no-referrer')
      .header(
        'content-security-policy',
        "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
      )
      .type('text/html; charset=utf-8')
      .send(html)
  );
}

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

const STYLE = `
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;padding:24px 16px;background:#eef1f7;color:#1c2333;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{width:100%;max-width:420px;background:#fff;border:1px solid #d5dbe7;border-radius:16px;padding:28px;box-shadow:0 8px 24px rgba(28,35,51,.08)}
.badge{display:inline-block;margin:0 0 12px;padding:2px 10px;border-radius:999px;background:#fff4d6;color:#6b4a00;font-size:13px;font-weight:600}
h1{margin:0 0 8px;font-size:24px;line-height:1.25}
.lead,.hint{margin:0 0 20px;color:#4a5570}
.hint{margin:4px 0 0;font-size:14px}
.summary{margin:0 0 20px;padding:12px 16px;border:2px solid #b3261e;border-radius:10px}
.summary h2{margin:0 0 4px;font-size:16px}
.summary ul{margin:0;padding-left:20px}
.summary a{color:#b3261e}
.field{margin:0 0 16px}
label{display:block;font-weight:600;margin:0 0 6px}
.optional{font-weight:400;color:#4a5570}
input[type=email],input[type=text]{width:100%;padding:10px 12px;font:inherit;color:inherit;border:1px solid #8a94ab;border-radius:10px;background:#fff}
input[aria-invalid=true]{border:2px solid #b3261e}
.error{margin:6px 0 0;color:#b3261e;font-size:14px}
.check{display:flex;gap:10px;align-items:flex-start;margin:4px 0 24px}
.check input{width:20px;height:20px;margin:2px 0 0;flex:none}
.check label{margin:0;font-weight:400}
.actions{display:flex;gap:12px}
button{flex:1;min-height:44px;padding:10px 16px;font:inherit;font-weight:600;border-radius:10px;cursor:pointer}
.primary{background:#1f4fd1;color:#fff;border:1px solid #1f4fd1}
.primary:hover{background:#173ea6}
.secondary{background:#fff;color:#1c2333;border:1px solid #8a94ab}
.secondary:hover{background:#f3f5fa}
:focus-visible{outline:3px solid #1f4fd1;outline-offset:2px}
`;

function consentPage(options: {
  provider: SandboxOAuthProvider;
  redirectUri: string;
  state: string;
  codeChallenge: string;
  values?: { email: string; name: string; emailVerified: boolean };
  errors?: FieldErrors;
}): string {
  const { provider, redirectUri, state, codeChallenge, errors = {} } = options;
  const values = options.values ?? { email: '', name: '', emailVerified: true };
  const label = escape(provider.label);
  const invalid = (field: keyof FieldErrors) => {
    const describedBy = [errors[field] ? `${field}-error` : '', field === 'name' ? 'name-hint' : '']
      .filter(Boolean)
      .join(' ');
    return `${errors[field] ? ' aria-invalid="true"' : ''}${describedBy ? ` aria-describedby="${describedBy}"` : ''}`;
  };
  const message = (field: keyof FieldErrors) =>
    errors[field] ? `<p id="${field}-error" class="error">${escape(errors[field])}</p>` : '';
  const problems = (Object.keys(errors) as (keyof FieldErrors)[])
    .map((field) => `<li><a href="#${field}">${escape(errors[field]!)}</a></li>`)
    .join('');
  const summary = problems
    ? `<div class="summary" role="alert"><h2>There is a problem</h2><ul>${problems}</ul></div>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${problems ? 'Error: ' : ''}Sign in with ${label} (sandbox)</title>
<style>${STYLE}</style>
</head>
<body>
<main aria-labelledby="title">
<p class="badge">Sandbox provider</p>
<h1 id="title">Sign in with ${label}</h1>
<p class="lead">Northstar asks ${label} for your e-mail address and name. This is a test provider: no real ${label} account is used, and what you enter below is what it reports.</p>
${summary}
<form method="post" action="/sandbox/oauth/${escape(provider.name)}/authorize">
<input type="hidden" name="response_type" value="code">
<input type="hidden" name="code_challenge" value="${escape(codeChallenge)}">
<input type="hidden" name="code_challenge_method" value="S256">
<input type="hidden" name="redirect_uri" value="${escape(redirectUri)}">
<input type="hidden" name="state" value="${escape(state)}">
<div class="field">
<label for="email">E-mail address</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escape(values.email)}"${invalid('email')}>
${message('email')}
</div>
<div class="field">
<label for="name">Display name <span class="optional">(optional)</span></label>
<input id="name" name="name" type="text" autocomplete="name" maxlength="80" value="${escape(values.name)}"${invalid('name')}>
${message('name')}
<p id="name-hint" class="hint">Shown by the provider only; it does not fill your Northstar profile.</p>
</div>
<div class="check">
<input id="email_verified" name="email_verified" type="checkbox" value="1"${values.emailVerified ? ' checked' : ''} aria-describedby="verified-hint">
<div>
<label for="email_verified">${label} has verified this e-mail address</label>
<p id="verified-hint" class="hint">A verified address that matches a confirmed Northstar e-mail signs in to that account.</p>
</div>
</div>
<div class="actions">
<button type="submit" name="decision" value="allow" class="primary">Continue</button>
<button type="submit" name="decision" value="cancel" class="secondary" formnovalidate>Cancel</button>
</div>
</form>
</main>
</body>
</html>`;
}
