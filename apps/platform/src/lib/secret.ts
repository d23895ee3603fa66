import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/** The server secret: `SECRET_KEY` when set, else one made once and kept in the data folder. */
export function loadSecret(dataDir: string): Buffer {
  if (process.env.SECRET_KEY) return Buffer.from(process.env.SECRET_KEY, 'utf8');
  const file = path.join(dataDir, 'secret.key');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return Buffer.from(readFileSync(file, 'utf8').trim(), 'hex');
}
