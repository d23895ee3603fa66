import { and, eq, gt, lt } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { sandboxOauthTokens } from './schema.ts';
import { sameOriginPath, withQuery } from '../../lib/redirects.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import type { SocialProfile, SocialProvider } from './types.ts';

/** An access token lives 10 minutes, then `profile` no longer knows it. */
export const SANDBOX_TOKEN_TTL_MS = 10 * 60 * 1000;

/** The shape of the tokens this provider issues (32 random bytes, base64url). */
const TOKEN = /^[A-Za-z0-9_-]{20,100}$/;

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
 * registered redirect path, and a profile lookup by token. Only a SHA-256 of each token is
 * stored; tokens live 10 minutes and may be presented again until then, as a real access token.
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

  authorizeUrl(options: { redirectUri: string; state: string }): string {
    return withQuery(`/sandbox/oauth/${this.name}/authorize`, {
      response_type: 'token',
      redirect_uri: options.redirectUri,
      state: options.state,
    });
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

  /** What the consent form's Continue does: a new access token for the consented profile. */
  async issueToken(consent: SandboxConsent): Promise<string> {
    const db = this.#app.database.db;
    const now = this.#app.now();
    // Expired tokens are of no use to anyone: pruned as new ones are made.
    await db.delete(sandboxOauthTokens).where(lt(sandboxOauthTokens.expiresAt, now));
    const token = randomToken();
    const email = consent.email.trim().toLowerCase();
    await db.insert(sandboxOauthTokens).values({
      tokenHash: sha256(token),
      provider: this.name,
      subject: `sandbox-${sha256(`${this.name}:${email}`).slice(0, 32)}`,
      email,
      emailVerified: consent.emailVerified,
      name: consent.name,
      createdAt: now,
      expiresAt: new Date(now.getTime() + SANDBOX_TOKEN_TTL_MS),
    });
    return token;
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
