import { configFromEnv } from './config.ts';
import { createServer } from './server.ts';

const config = configFromEnv();
const app = await createServer(config);
const address = await app.listen({ port: config.port, host: config.host });
const shown =
  config.host === 'localhost' || config.host === '0.0.0.0' || config.host === '::'
    ? `http://localhost:${new URL(address).port}`
    : address;
console.log(`\n  Northstar is running on ${shown}`);
console.log(`  data folder: ${config.dataDir}`);
if (config.remotesFile) console.log(`  remotes from: ${config.remotesFile}`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
