import type { Executor } from '../db/client.ts';
import { gameProviders } from './schema.ts';

/**
 * The games domain's door for seeds (demo/seed.ts): the seed asks games/ to list studios and to
 * rather than writing games/'s tables itself (issue #23 §1).
 */

/** Each game provider (studio) listed once; an existing one is left as it is. */
export async function ensureGameProviders(
  db: Executor,
  providers: readonly { sysname: string; name: string; type: string }[],
): Promise<void> {
  for (const provider of providers)
    await db.insert(gameProviders).values(provider).onConflictDoNothing();
}
