import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  sign,
  verify,
  type KeyObject,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as v from 'valibot';
import type { AppContext } from '../../context.ts';

/**
 * Game providers that call the seamless wallet. Each signs its request bodies (RSA-SHA256,
 * base64 in `X-Wallet-Signature`, its id in `X-Wallet-Provider`) and the wallet checks them with
 * the provider's public key before anything else. The platform's own games are the first provider
 * (`northstar`), whose key pair is made once in DATA_DIR; external providers come from
 * WALLET_PROVIDERS_FILE.
 */
export interface WalletProvider {
  id: string;
  name: string;
  publicKey: KeyObject;
  /** Absolute for external providers; the built-in one's is a path on this site. */
  launchUrl: string | null;
  games: ProviderGame[];
}

const providerGame = v.looseObject({
  code: v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,64}$/)),
  name: v.pipe(v.string(), v.minLength(1), v.maxLength(100)),
  category: v.optional(v.string()),
  rtp: v.optional(v.number()),
});
export type ProviderGame = v.InferOutput<typeof providerGame>;

const providersFile = v.array(
  v.object({
    id: v.pipe(v.string(), v.regex(/^[a-z0-9_-]{1,32}$/)),
    name: v.pipe(v.string(), v.minLength(1)),
    publicKey: v.pipe(v.string(), v.includes('PUBLIC KEY')),
    launchUrl: v.pipe(v.string(), v.url()),
    games: v.array(providerGame),
  }),
);

export const BUILT_IN_PROVIDER = 'northstar';

/** The built-in provider's private key (made once, kept in DATA_DIR/wallet/). */
export function builtInPrivateKey(app: AppContext): KeyObject {
  const folder = path.join(app.config.dataDir, 'wallet');
  const file = path.join(folder, `${BUILT_IN_PROVIDER}-private.pem`);
  if (!existsSync(file)) {
    mkdirSync(folder, { recursive: true });
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  }
  return createPrivateKey(readFileSync(file));
}

/** Every provider the wallet answers; a wrong providers file stops the start with its reason. */
export function loadWalletProviders(app: AppContext): ReadonlyMap<string, WalletProvider> {
  const providers = new Map<string, WalletProvider>();
  providers.set(BUILT_IN_PROVIDER, {
    id: BUILT_IN_PROVIDER,
    name: 'Northstar Originals',
    publicKey: createPublicKey(builtInPrivateKey(app)),
    // The in-house game server (games/) on this site; resolved against the site's origin.
    launchUrl: '/originals/launch',
    games: [],
  });
  const file = app.config.walletProvidersFile;
  if (file) {
    const parsed = v.safeParse(providersFile, JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success) {
      const issue = parsed.issues[0];
      throw new Error(
        `WALLET_PROVIDERS_FILE ${file}: ${v.getDotPath(issue) ?? 'the list'} ${issue.message}`,
      );
    }
    for (const entry of parsed.output) {
      if (providers.has(entry.id)) throw new Error(`WALLET_PROVIDERS_FILE: ${entry.id} twice`);
      providers.set(entry.id, { ...entry, publicKey: createPublicKey(entry.publicKey) });
    }
  }
  return providers;
}

/** RSA-SHA256 over the raw body, base64. */
export function signBody(body: string, privateKey: KeyObject): string {
  return sign('sha256', Buffer.from(body), privateKey).toString('base64');
}

export function verifyBody(body: string, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return verify('sha256', Buffer.from(body), publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}
