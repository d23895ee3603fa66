import { ConfigError, configFromEnv, type PlatformConfig } from './config.ts';
import { createServer } from './server.ts';
import {
  DEMO_PLAYER,
  DEMO_BACKOFFICE,
  DEMO_BACKOFFICE_PASSWORD,
  demoMode,
  modeBanner,
  UnsafeStartError,
  type DemoMode,
} from './demo/index.ts';

/** A start that must not go on: a clear message and a non-zero exit, no stack trace. */
function refuse(message: string): never {
  console.error(`\n  ${message.replaceAll('\n', '\n  ')}\n`);
  process.exit(1);
}

let config: PlatformConfig;
try {
  config = configFromEnv();
} catch (error) {
  // Wrong settings: the list of what is wrong and how to fix it, without a stack trace.
  if (error instanceof ConfigError) refuse(error.message);
  throw error;
}
let mode: DemoMode;
try {
  mode = demoMode();
} catch (error) {
  refuse((error as Error).message);
}
let app: Awaited<ReturnType<typeof createServer>>;
try {
  app = await createServer(config, { demo: mode });
} catch (error) {
  // The production boot check (demo/mode.ts): a published demo password is still in the database.
  if (error instanceof UnsafeStartError) refuse(error.message);
  throw error;
}
const address = await app.listen({ port: config.port, host: config.host });
const shown =
  config.host === 'localhost' || config.host === '0.0.0.0' || config.host === '::'
    ? `http://localhost:${new URL(address).port}`
    : address;
if ((config.logFormat ?? (mode.production ? 'json' : 'readable')) === 'json') {
  // stdout stays one JSON object a line for the log shipper: the start is a log line too.
  app.log.info(
    {
      url: shown,
      dataFolder: config.dataDir,
      database: config.databaseUrl ? 'postgres' : 'pglite',
      remotesFile: config.remotesFile ?? undefined,
      demo: { seed: mode.seed, mailOutbox: mode.mailOutbox, socialSandbox: mode.socialSandbox },
    },
    `Northstar is running on ${shown}`,
  );
} else {
  console.log(`\n  Northstar is running on ${shown}`);
  console.log(`  data folder: ${config.dataDir}`);
  console.log(
    `  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`,
  );
  if (config.remotesFile) console.log(`  remotes from: ${config.remotesFile}`);
  console.log(
    `\n${modeBanner(mode)
      .map((line) => `  ${line}`)
      .join('\n')}`,
  );
  if (mode.seed) {
    console.log(`\n  Demo player:  ${DEMO_PLAYER.login} / ${DEMO_PLAYER.password}`);
    console.log(
      `\n  Back office:  ${shown}/backoffice (password ${DEMO_BACKOFFICE_PASSWORD}, and a`,
    );
    console.log("  code from an authenticator app holding the account's key):");
    for (const account of DEMO_BACKOFFICE) {
      console.log(`    ${account.login.padEnd(24)} key ${account.totpSecret}`);
    }
  }
  if (mode.mailOutbox) console.log(`  Sandbox mail: ${shown}/dev/mail`);
  if (mode.socialSandbox) console.log(`  Social sign-in: sandbox provider (google, facebook)`);
  console.log('');
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
