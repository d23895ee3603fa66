/**
 * The contract between the platform and a social sign-in provider (§7 "Content backend":
 * `{backend}/connect/{provider}` and `/auth/{provider}/callback`; the site's `/oauth/init`).
 * OAuth 2.0 authorization code grant with PKCE (RFC 7636): a provider sends the browser back to
 * our `redirectUri` with a one-time `code` and `state` (or `error`); the platform exchanges the
 * code and its code verifier for an access token server to server and asks who the token belongs
 * to. No access token travels in a URL. A real provider (Google, Facebook) implements
 * this over its own HTTP API; `sandbox.ts` implements it inside the platform.
 */

/** Who an access token belongs to, as the provider tells it. */
export interface SocialProfile {
  /** The provider's stable id for the account (not the e-mail, which can change hands). */
  subject: string;
  /** Lower-cased; null when the provider does not share one. */
  email: string | null;
  /** True only when the provider vouches that the account owns `email`. */
  emailVerified: boolean;
  /** Display name; informative only (it is not a legal name, §5 name rules). */
  name: string | null;
}

export interface SocialProvider {
  /** The `{provider}` path segment: `google`, `facebook`. */
  readonly name: string;
  /** Shown on buttons and the consent page. */
  readonly label: string;
  /**
   * Where the browser goes to sign in at the provider. `redirectUri` is a path of this site that
   * the provider sends the browser back to; `state` comes back unchanged; the URL carries the
   * S256 challenge of `codeVerifier`, which stays with the platform.
   */
  authorizeUrl(options: { redirectUri: string; state: string; codeVerifier: string }): string;
  /**
   * The access token for an authorization code (the provider's token endpoint, server to
   * server), or null when the provider refuses the code, verifier or redirect path.
   */
  exchangeCode(options: {
    code: string;
    codeVerifier: string;
    redirectUri: string;
  }): Promise<string | null>;
  /** The profile behind an access token, or null when the token is unknown, expired or not this provider's. */
  profile(accessToken: string): Promise<SocialProfile | null>;
}
