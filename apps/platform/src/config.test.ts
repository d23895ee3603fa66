import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  configFromEnv,
  SETTING_NAMES,
  trustedProxies,
  WORKSPACE_ROOT,
} from './config.ts';

/** The error `configFromEnv` throws for an environment (fails the test when it throws none). */
function configError(env: Record<string, string>): ConfigError {
  try {
    configFromEnv(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error(`no error for ${JSON.stringify(env)}`);
}

const wrongSettings = (env: Record<string, string>) =>
  configError(env)
    .problems.map((problem) => problem.setting)
    .sort();

describe('configFromEnv', () => {
  it('gives the defaults for an empty environment', () => {
    expect(configFromEnv({})).toEqual({
      port: 3000,
      host: 'localhost',
      dataDir: path.join(WORKSPACE_ROOT, 'data'),
      remotesFile: null,
      appsDir: path.join(WORKSPACE_ROOT, 'apps'),
      databaseUrl: null,
      publicUrl: null,
      trustProxy: false,
      logLevel: null,
      logFormat: null,
      metricsToken: null,
      siteHosts: [],
      miniAppBotToken: null,
      walletProvidersFile: null,
    });
  });

  it('reads every valid setting', () => {
    const config = configFromEnv({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/srv/northstar',
      APPS_DIR: '/srv/apps',
      REMOTES_FILE: '/srv/remotes.json',
      REMOTE_ORIGINS: 'https://cdn.example.com/remotes/, http://127.0.0.1:8081',
      DATABASE_URL: 'postgresql://north:star@db.internal:5432/northstar',
      TRUST_PROXY: '10.0.0.2, 10.1.0.0/16,::1',
      PUBLIC_URL: 'https://www.example.com/some/path',
      SITE_HOSTS: 'WWW.Example.com, example.com:8443',
      SECRET_KEY: 'x'.repeat(32),
      MINI_APP_BOT_TOKEN: '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11',
      WALLET_PROVIDERS_FILE: '/srv/wallet-providers.json',
      LOG_LEVEL: 'warn',
      LOG_FORMAT: 'readable',
      METRICS_TOKEN: 'a-metrics-token-of-24-chars-or-more',
      NODE_ENV: 'production',
      TIME_TO_FORCE_LOGOUT: '900',
      S3_BUCKET: 'northstar-media',
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_ACCESS_KEY_ID: 'AKIA',
      S3_SECRET_ACCESS_KEY: 'secret',
      S3_REGION: 'eu-central-1',
      DEMO_SEED: '0',
      MAIL_OUTBOX: '0',
      SOCIAL_SANDBOX: '1',
      // Not a setting of the platform: ignored.
      PATH: '/usr/bin',
    });
    expect(config).toEqual({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/srv/northstar',
      remotesFile: '/srv/remotes.json',
      appsDir: '/srv/apps',
      remoteOrigins: ['https://cdn.example.com', 'http://127.0.0.1:8081'],
      databaseUrl: 'postgresql://north:star@db.internal:5432/northstar',
      publicUrl: 'https://www.example.com',
      trustProxy: ['10.0.0.2', '10.1.0.0/16', '::1'],
      logLevel: 'warn',
      logFormat: 'readable',
      metricsToken: 'a-metrics-token-of-24-chars-or-more',
      siteHosts: ['www.example.com', 'example.com:8443'],
      miniAppBotToken: '123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11',
      walletProvidersFile: '/srv/wallet-providers.json',
    });
    expect(configFromEnv({ DATABASE_URL: 'postgres://db/x' }).databaseUrl).toBe('postgres://db/x');
  });

  it('reads DATABASE_POOL_MAX (1 to 1000), absent by default (the pool keeps its 20)', () => {
    expect(configFromEnv({}).databasePoolMax).toBeUndefined();
    expect(configFromEnv({ DATABASE_POOL_MAX: '50' }).databasePoolMax).toBe(50);
    for (const wrong of ['0', '1001', '-3', 'ten']) {
      expect(() => configFromEnv({ DATABASE_POOL_MAX: wrong }), wrong).toThrow(
        /DATABASE_POOL_MAX: must be a whole number of connections, 1 to 1000/,
      );
    }
  });

  it('reads the general throttle: RATE_LIMIT_MAX (0 turns it off) and its window', () => {
    expect(configFromEnv({}).requestThrottle).toBeUndefined();
    expect(configFromEnv({ RATE_LIMIT_MAX: '1200' }).requestThrottle).toEqual({
      max: 1200,
      windowSeconds: 60,
    });
    expect(
      configFromEnv({ RATE_LIMIT_MAX: '0', RATE_LIMIT_WINDOW_SECONDS: '10' }).requestThrottle,
    ).toEqual({ max: 0, windowSeconds: 10 });
    expect(() => configFromEnv({ RATE_LIMIT_MAX: '-1', RATE_LIMIT_WINDOW_SECONDS: '0' })).toThrow(
      /RATE_LIMIT_MAX: must be a whole number[\s\S]*RATE_LIMIT_WINDOW_SECONDS: must be/,
    );
  });

  it('reads WEBVIEW_UA_TOKENS as a list of user-agent tokens (unset: the default token)', () => {
    expect(configFromEnv({}).webviewUserAgents).toBeUndefined();
    expect(
      configFromEnv({ WEBVIEW_UA_TOKENS: 'AcmeCasino/2, Acme_iOS' }).webviewUserAgents,
    ).toEqual(['AcmeCasino/2', 'Acme_iOS']);
  });

  it('treats empty values as unset', () => {
    expect(configFromEnv({ PORT: '', DATABASE_URL: ' ', TRUST_PROXY: '', S3_REGION: '' })).toEqual(
      configFromEnv({}),
    );
  });

  it('names every wrong setting in one error, not only the first', () => {
    const error = configError({
      PORT: 'eighty',
      DATABASE_URL: 'mysql://db/northstar',
      TRUST_PROXY: 'true',
      PUBLIC_URL: 'ftp://example.com',
      SITE_HOSTS: 'example.com, evil.example/path',
      REMOTE_ORIGINS: 'https://cdn.example.com, file:///etc',
      SECRET_KEY: 'short',
      LOG_LEVEL: 'loud',
      NODE_ENV: 'prod',
      TIME_TO_FORCE_LOGOUT: '-5',
      S3_BUCKET: 'media',
      S3_ENDPOINT: 'not a url',
      S3_REGION: 'Europe West',
      DEMO_SEED: 'yes',
      MAIL_OUTBOX: 'on',
      SOCIAL_SANDBOX: 'true',
      SEON_ENABLED: 'yes',
      ANALYTIC: '["collector"]',
      SPORTSBOOK_FEED_SPEED: '0',
      SPORTSBOOK_MARGIN_BP: '6%',
      SPORTSBOOK_CASH_OUT_MARGIN_BP: '5000',
      WEBVIEW_UA_TOKENS: 'My App',
      HOST: 'http://example.com',
    });
    expect(error.problems.map((problem) => problem.setting).sort()).toEqual(
      [
        'PORT',
        'DATABASE_URL',
        'TRUST_PROXY',
        'PUBLIC_URL',
        'SITE_HOSTS',
        'REMOTE_ORIGINS',
        'SECRET_KEY',
        'LOG_LEVEL',
        'NODE_ENV',
        'TIME_TO_FORCE_LOGOUT',
        'S3_ENDPOINT',
        'S3_ACCESS_KEY_ID',
        'S3_SECRET_ACCESS_KEY',
        'S3_REGION',
        'DEMO_SEED',
        'MAIL_OUTBOX',
        'SOCIAL_SANDBOX',
        'SEON_ENABLED',
        'ANALYTIC',
        'SPORTSBOOK_FEED_SPEED',
        'SPORTSBOOK_MARGIN_BP',
        'SPORTSBOOK_CASH_OUT_MARGIN_BP',
        'WEBVIEW_UA_TOKENS',
        'HOST',
      ].sort(),
    );
    // The message lists each of them, one a line; secrets are never repeated in it.
    for (const problem of error.problems) expect(error.message).toContain(`- ${problem.setting}:`);
    expect(error.message).toContain('"eighty"');
    expect(error.message).not.toContain('short');
    expect(error.message).not.toContain('mysql://');
  });

  it('checks ports, durations and URLs by their ranges', () => {
    expect(wrongSettings({ PORT: '65536' })).toEqual(['PORT']);
    expect(wrongSettings({ PORT: '3000.5' })).toEqual(['PORT']);
    expect(configFromEnv({ PORT: '0' }).port).toBe(0);
    expect(wrongSettings({ TIME_TO_FORCE_LOGOUT: '1.5' })).toEqual(['TIME_TO_FORCE_LOGOUT']);
    expect(() => configFromEnv({ TIME_TO_FORCE_LOGOUT: '0' })).not.toThrow();
    expect(wrongSettings({ DATABASE_URL: 'postgres//db' })).toEqual(['DATABASE_URL']);
    expect(wrongSettings({ PUBLIC_URL: 'www.example.com' })).toEqual(['PUBLIC_URL']);
    expect(wrongSettings({ SECRET_KEY: 'x'.repeat(31) })).toEqual(['SECRET_KEY']);
  });

  it('reads TRUST_PROXY as proxy addresses or a hop count, and never as "everyone"', () => {
    expect(configFromEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(configFromEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(configFromEnv({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(configFromEnv({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(configFromEnv({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(configFromEnv({ TRUST_PROXY: 'loopback, fd00::/8' }).trustProxy).toEqual([
      'loopback',
      'fd00::/8',
    ]);
    for (const everyone of ['true', 'TRUE', '*', '0.0.0.0/0', '10.0.0.1,::/0']) {
      const error = configError({ TRUST_PROXY: everyone });
      expect(
        error.problems.map((problem) => problem.setting),
        everyone,
      ).toEqual(['TRUST_PROXY']);
      expect(error.message, everyone).toContain('every client');
    }
    for (const wrong of ['yes', '10.0.0.300', '10.0.0.0/33', 'proxy.internal', '1,2']) {
      expect(wrongSettings({ TRUST_PROXY: wrong }), wrong).toEqual(['TRUST_PROXY']);
    }
  });

  it('turns TRUST_PROXY into what Fastify trusts', () => {
    expect(trustedProxies(undefined)).toBe(false);
    expect(trustedProxies(false)).toBe(false);
    expect(trustedProxies(['10.0.0.2'])).toEqual(['10.0.0.2']);
    // Fastify trusts nobody for a bare number: a hop count is a function of the hop.
    const twoHops = trustedProxies(2);
    expect(typeof twoHops).toBe('function');
    const trusts = twoHops as (address: string, hop: number) => boolean;
    expect([0, 1, 2].map((hop) => trusts('10.0.0.1', hop))).toEqual([true, true, false]);
  });

  it('requires the S3 endpoint and keys with a bucket, and a bucket with them', () => {
    expect(wrongSettings({ S3_BUCKET: 'media' })).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_ENDPOINT',
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(wrongSettings({ S3_BUCKET: 'media', S3_ENDPOINT: 'http://127.0.0.1:9000' })).toEqual([
      'S3_ACCESS_KEY_ID',
      'S3_SECRET_ACCESS_KEY',
    ]);
    expect(wrongSettings({ S3_ACCESS_KEY_ID: 'AKIA', S3_SECRET_ACCESS_KEY: 's' })).toEqual([
      'S3_BUCKET',
    ]);
    expect(() =>
      configFromEnv({
        S3_BUCKET: 'media',
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_ACCESS_KEY_ID: 'AKIA',
        S3_SECRET_ACCESS_KEY: 's',
      }),
    ).not.toThrow();
  });

  it('covers every setting the platform reads from the environment', () => {
    // Each `process.env.NAME` / `env.NAME` read in the server's sources (tests, their helpers and
    // the command-line tools aside) is a setting checked here, and so are demo/mode.ts's switches.
    const read = new Set<string>();
    const files = readdirSync(import.meta.dirname, { recursive: true, encoding: 'utf8' }).filter(
      (file) =>
        file.endsWith('.ts') && !file.endsWith('.test.ts') && !/^(testing|tools)[\\/]/.test(file),
    );
    for (const file of files) {
      const text = readFileSync(path.join(import.meta.dirname, file), 'utf8');
      for (const match of text.matchAll(/\benv(?:\.|\[['"])([A-Z][A-Z0-9_]+)/g))
        read.add(match[1]!);
      for (const match of text.matchAll(/variable: '([A-Z][A-Z0-9_]+)'/g)) read.add(match[1]!);
    }
    expect([...read]).toEqual(
      expect.arrayContaining(['SECRET_KEY', 'SOCIAL_SANDBOX', 'TIME_TO_FORCE_LOGOUT']),
    );
    for (const name of read) expect(SETTING_NAMES, name).toContain(name);
  });

  it('is documented: the README lists every setting', () => {
    const readme = readFileSync(path.join(WORKSPACE_ROOT, 'README.md'), 'utf8');
    const section = /\n## Settings\n([\s\S]*?)(?=\n## |$)/.exec(readme)?.[1] ?? '';
    for (const name of SETTING_NAMES) expect(section, name).toContain(`\`${name}\``);
    expect(section).toContain('`SITE_HOSTS`');
  });
});
