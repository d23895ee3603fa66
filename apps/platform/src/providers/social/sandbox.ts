import { and, eq, gt, lt } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import { CodeChallengeMethod, OAuth2Client, OAuth2Tokens } from 'arctic';
import type { AppContext } from '../../context.ts';
import { sandboxOauthCodes, sandboxOauthTokens } from './schema.ts';
import { sameOriginPath } from '../../lib/redirects.ts';
import { randomToken, safeEqualHex, sha256 } from '../../lib/tokens.ts';
import type { SocialProfile, SocialProvider } from './types.ts';

/** An access token lives 10 minutes, then `profile` no longer knows it. */
export const SANDBOX_TOKEN_TTL_MS = 10 * 60 * 1000;

/** The shape of the tokens this provider issues (32 random bytes, base64url). */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

/** An authorization code lives 60 seconds (RFC 6749 §4.1.2 recommends at most 10 minutes). */
export const SANDBOX_CODE_TTL_MS = 60 * 1000;

/** A PKCE code verifier (RFC 7636 §4.1: 43–128 unreserved characters) and an S256 challenge. */
const VERIFIER = /^[A-Za-z0-9._~-]{43,128}$/;
export const CODE_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

/**
 * A URL base for arctic, whose builders take absolute endpoints: the sandbox's endpoints are paths
 * of this very site, so only the path and query of what arctic builds are kept.
 */
const SAME_SITE = 'http://sandbox.invalid';

/** The client id the platform uses at the sandbox (a real provider issues one at registration). */
const CLIENT_ID = 'northstar';

/** What the token endpoint answers (RFC 6749 §5.1 and §5.2), as JSON with a status. */
export interface TokenAnswer {
  status: 200 | 400;
  body: Record<string, unknown>;
}

export interface SandboxConsent {
  email: string;
  name: string | null;
  emailVerified: boolean;
}

/**
 * The sandbox OAuth provider: a stand-in for Google or Facebook that runs inside the platform, so
 * social sign-in works end to end without a real provider account (development, tests, demos).
 * It behaves like a real one: its own authorize page (`sandbox-page.ts`) where the person types
 * the e-mail and name the provider should report, an opaque access token sent back to a
 * registered redirect path, and a profile lookup by token. It speaks the authorization code grant
 * with PKCE (RFC 7636, S256 only): the consent page sends the browser back with a one-time code
 * bound to the redirect path and the client's code challenge, and only the token endpoint, given
 * the code and the matching code verifier, answers an access token, server to server, so no
 * access token ever travels in a URL (issue #24; the implicit grant put it in the query string,
 * and so in logs, history and Referer). Only SHA-256s of codes and tokens are stored; tokens live
 * 10 minutes and may be presented again until then, as a real access token.
 *
 * A sandbox account *is* its e-mail: the subject is derived from provider and e-mail, so the same
 * e-mail signs in as the same identity every time. Nothing proves that the person owns the e-mail
 * (the form even lets them tick "verified"), which is why the registry turns the sandbox off in
 * production.
 */
export class SandboxOAuthProvider implements SocialProvider {
  readonly name: string;
  readonly label: string;
  readonly #app: AppContext;
  /** The redirect paths registered for this provider; no other path receives a token. */
  readonly #redirectPaths: readonly string[];

  constructor(app: AppContext, name: string, label: string, redirectPaths: readonly string[]) {
    this.#app = app;
    this.name = name;
    this.label = label;
    this.#redirectPaths = redirectPaths;
  }

  /**
   * The authorize URL with PKCE, built by arctic's generic OAuth 2.0 client as for any provider
   * (`response_type=code`, `code_challenge_method=S256`).
   */
  authorizeUrl(options: { redirectUri: string; state: string; codeVerifier: string }): string {
    const client = new OAuth2Client(CLIENT_ID, null, options.redirectUri);
    const url = client.createAuthorizationURLWithPKCE(
      `${SAME_SITE}/sandbox/oauth/${this.name}/authorize`,
      options.state,
      CodeChallengeMethod.S256,
      options.codeVerifier,
      ['openid', 'email', 'profile'],
    );
    return url.pathname + url.search;
  }

  /**
   * The code exchange, server to server. The sandbox lives in this process, so its token endpoint
   * is called directly rather than over HTTP (arctic's `validateAuthorizationCode` would fetch an
   * absolute URL); its JSON answer is read with arctic's `OAuth2Tokens` as a real one would be.
   */
  async exchangeCode(options: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<string | null> {
    const answer = await this.token(
      new URLSearchParams({
        grant_type: 'authorization_code',
        client_id: CLIENT_ID,
        code: options.code,
        code_verifier: options.codeVerifier,
        redirect_uri: options.redirectUri,
      }),
    );
    if (answer.status !== 200) return null;
    try {
      return new OAuth2Tokens(answer.body).accessToken();
    } catch {
      return null;
    }
  }

  /**
   * The redirect path a request names, if it is one registered for this provider: a path of this
   * site (never another origin) and, like a real provider's registered redirect URIs, an exact
   * match, so a token cannot be sent to any other page of the site.
   */
  registeredRedirect(value: unknown): string | null {
    const path = sameOriginPath(value);
    return path !== null && this.#redirectPaths.includes(path) ? path : null;
  }

  /**
   * What the consent form's Continue does: a one-time authorization code for the consented
   * profile, bound to the redirect path and the client's S256 code challenge.
   */
  async issueCode(
    consent: SandboxConsent,
    binding: { redirectUri: string; codeChallenge: string },
  ): Promise<string> {
    const db = this.#app.database.db;
    const now = this.#app.now();
    // Expired codes are of no use to anyone: pruned as new ones are made.
    await db.delete(sandboxOauthCodes).where(lt(sandboxOauthCodes.expiresAt, now));
    const code = randomToken();
    const email = consent.email.trim().toLowerCase();
    await db.insert(sandboxOauthCodes).values({
      codeHash: sha256(code),
      provider: this.name,
      redirectUri: binding.redirectUri,
      codeChallenge: binding.codeChallenge,
      subject: `sandbox-${sha256(`${this.name}:${email}`).slice(0, 32)}`,
      email,
      emailVerified: consent.emailVerified,
      name: consent.name,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SANDBOX_CODE_TTL_MS),
    });
    return code;
  }

  /**
   * The token endpoint (RFC 6749 §4.1.3, RFC 7636 §4.6): a code is good once (it is deleted as it
   * is read, so a replay finds nothing), for this provider, before it expires, for the redirect
   * path it was issued to, and only with the verifier whose S256 is its challenge. Anything else
   * is `invalid_grant`.
   */
  async token(params: URLSearchParams): Promise<TokenAnswer> {
    const invalid = (error: string): TokenAnswer => ({ status: 400, body: { error } });
    if (params.get('grant_type') !== 'authorization_code') return invalid('unsupported_grant_type');
    const code = params.get('code') ?? '';
    const verifier = params.get('code_verifier') ?? '';
    if (!TOKEN.test(code) || !VERIFIER.test(verifier)) return invalid('invalid_grant');
    const db = this.#app.database.db;
    const now = this.#app.now();
    const [row] = await db
      .delete(sandboxOauthCodes)
      .where(
        and(
          eq(sandboxOauthCodes.codeHash, sha256(code)),
          eq(sandboxOauthCodes.provider, this.name),
        ),
      )
      .returning();
    // RFC 7636 §4.6: BASE64URL(SHA256(ASCII(code_verifier))).
    const challenge = createHash('sha256').update(verifier, 'ascii').digest('base64url');
    if (
      !row ||
      row.expiresAt.getTime() <= now.getTime() ||
      row.redirectUri !== params.get('redirect_uri') ||
      !safeEqualHex(
        Buffer.from(challenge).toString('hex'),
        Buffer.from(row.codeChallenge).toString('hex'),
      )
    ) {
      return invalid('invalid_grant');
    }
    await db.delete(sandboxOauthTokens).where(lt(sandboxOauthTokens.expiresAt, now));
    const token = randomToken();
    await db.insert(sandboxOauthTokens).values({
      tokenHash: sha256(token),
      provider: this.name,
      subject: row.subject,
      email: row.email,
      emailVerified: row.emailVerified,
      name: row.name,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SANDBOX_TOKEN_TTL_MS),
    });
    return {
      status: 200,
      body: {
        access_token: token,
        token_type: 'bearer',
        expires_in: SANDBOX_TOKEN_TTL_MS / 1000,
      },
    };
  }

  async profile(accessToken: string): Promise<SocialProfile | null> {
    if (!TOKEN.test(accessToken)) return null;
    const [row] = await this.#app.database.db
      .select()
      .from(sandboxOauthTokens)
      .where(
        and(
          eq(sandboxOauthTokens.tokenHash, sha256(accessToken)),
          // A token of one provider means nothing to another.
          eq(sandboxOauthTokens.provider, this.name),
          gt(sandboxOauthTokens.expiresAt, this.#app.now()),
        ),
      )
      .limit(1);
    if (!row) return null;
    return {
      subject: row.subject,
      email: row.email,
      emailVerified: row.emailVerified,
      name: row.name,
    };
  }
}
