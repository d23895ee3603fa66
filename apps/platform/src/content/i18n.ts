import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { formatter } from '@lingui/format-po';
import { WORKSPACE_ROOT } from '../config.ts';
import type { AppContext } from '../context.ts';
import { compileMessage, type CompiledMessage } from '@lingui/message-utils/compileMessage';
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

/**
 * The messages of a locale. `overridesOnly` keeps just what the content backend changed, and
 * `compiled` answers Lingui's compiled form, which the shell loads over its built-in catalogs
 * (so an operator's edit shows without a build, and the page needs no message compiler).
 */
export async function localeMessages(
  app: AppContext,
  locale: string,
  options: { overridesOnly?: boolean; compiled?: boolean } = {},
): Promise<Record<string, string | CompiledMessage>> {
  const messages: Record<string, string> = options.overridesOnly
    ? {}
    : { ...(await builtInMessages(locale)) };
  for (const entry of await entriesOf(app, 'translations', locale)) {
    if (typeof entry.key === 'string' && typeof entry.value === 'string') {
      messages[entry.key] = entry.value;
    }
  }
  if (!options.compiled) return messages;
  return Object.fromEntries(
    Object.entries(messages).map(([id, text]) => {
      try {
        return [id, compileMessage(text)];
      } catch {
        // A message an operator mistyped (broken ICU) is shown as its plain text.
        return [id, text];
      }
    }),
  );
}
