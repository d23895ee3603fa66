import { configFromEnv } from './config.ts';
import { createServer } from './server.ts';
import { DEMO_PLAYER, DEMO_STAFF } from './db/seed.ts';

const config = configFromEnv();
const app = await createServer(config);
const address = await app.listen({ port: config.port, host: config.host });
const shown =
  config.host === 'localhost' || config.host === '0.0.0.0' || config.host === '::'
    ? `http://localhost:${new URL(address).port}`
    : address;
console.log(`\n  Northstar is running on ${shown}`);
console.log(`  data folder: ${config.dataDir}`);
console.log(`  database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : 'embedded PGlite'}`);
if (config.remotesFile) console.log(`  remotes from: ${config.remotesFile}`);
console.log(`\n  Demo player:  ${DEMO_PLAYER.login} / ${DEMO_PLAYER.password}`);
console.log(`  Demo staff:   ${DEMO_STAFF.login} / ${DEMO_STAFF.password}`);
if (process.env.NODE_ENV !== 'production') console.log(`  Sandbox mail: ${shown}/dev/mail\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
