import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import { WORKSPACE_ROOT } from '../config.ts';
import type { AppContext } from '../context.ts';
import { entriesOf } from './store.ts';

/**
 * Messages of `/nfx/i18n/messages/{locale}` (§7): the apps' own catalogs (`apps/<app>/src/locales/
 * <locale>.po`, the source of their compiled catalogs) merged into one id → text map, then
 * overridden by the `translations` entries staff edit in the content backend. Texts are ICU
 * messages as in the catalogs (`{name}` placeholders), not compiled.
 */
const APPS_DIR = path.join(WORKSPACE_ROOT, 'apps');
const po = formatter({ explicitIdAsDefault: true, origins: false });

const builtIn = new Map<string, Promise<Record<string, string>>>();

async function readCatalogs(locale: string): Promise<Record<string, string>> {
  const messages: Record<string, string> = {};
  if (!existsSync(APPS_DIR)) return messages;
  // The shell last: its texts win where two apps share an id.
  const apps = readdirSync(APPS_DIR).sort((a, b) => Number(a === 'shell') - Number(b === 'shell'));
  for (const app of apps) {
    const file = path.join(APPS_DIR, app, 'src', 'locales', `${locale}.po`);
    if (!existsSync(file)) continue;
    const catalog = await po.parse(readFileSync(file, 'utf8'), {
      locale,
      sourceLocale: 'en-US',
      filename: file,
    });
    for (const [id, entry] of Object.entries(catalog)) {
      const text = entry.translation || entry.message;
      if (text) messages[id] = text;
    }
  }
  return messages;
}

/** The built-in catalogs of a locale, read once per process (they change only with a deploy). */
export function builtInMessages(locale: string): Promise<Record<string, string>> {
  let cached = builtIn.get(locale);
  if (!cached) {
    cached = readCatalogs(locale);
    builtIn.set(locale, cached);
  }
  return cached;
}

export async function localeMessages(
  app: AppContext,
  locale: string,
): Promise<Record<string, string>> {
  const messages = { ...(await builtInMessages(locale)) };
  for (const entry of await entriesOf(app, 'translations', locale)) {
    if (typeof entry.key === 'string' && typeof entry.value === 'string') {
      messages[entry.key] = entry.value;
    }
  }
  return messages;
}
