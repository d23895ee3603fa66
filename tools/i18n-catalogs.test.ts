import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { WORKSPACE_ROOT } from './lib/run.ts';

/**
 * Four real languages: every app's es-ES, pt-BR and ru-RU catalogs translate every message of
 * its en-US catalog, and at least 95 % of them differ from the English (not copied).
 */
function readPo(file: string): Map<string, string> {
  const text = readFileSync(file, 'utf8');
  const messages = new Map<string, string>();
  const entry =
    /^msgid "((?:[^"\\]|\\.)*)"\nmsgstr "((?:[^"\\]|\\.)*)"((?:\n"(?:[^"\\]|\\.)*")*)/gm;
  for (const match of text.matchAll(entry)) {
    const id = match[1]!;
    if (id === '') continue;
    const continued = (match[3] ?? '')
      .split('\n')
      .map((line) => line.slice(1, -1))
      .join('');
    messages.set(id, match[2]! + continued);
  }
  return messages;
}

const apps = readdirSync(path.join(WORKSPACE_ROOT, 'apps')).filter((app) => {
  try {
    return readdirSync(path.join(WORKSPACE_ROOT, 'apps', app, 'src/locales')).some((f) =>
      f.endsWith('.po'),
    );
  } catch {
    return false;
  }
});

describe('translations', () => {
  it('finds the catalogs of the shell and the seven remotes', () => {
    expect(apps.sort()).toEqual([
      'auth',
      'betting',
      'cashier',
      'casino',
      'loyalty',
      'profile',
      'promo',
      'shell',
    ]);
  });

  for (const app of apps) {
    for (const locale of ['es-ES', 'pt-BR', 'ru-RU']) {
      it(`${app} ${locale} translates every message, ≥ 95 % differently from en-US`, () => {
        const dir = path.join(WORKSPACE_ROOT, 'apps', app, 'src/locales');
        const english = readPo(path.join(dir, 'en-US.po'));
        const translated = readPo(path.join(dir, `${locale}.po`));
        expect(english.size).toBeGreaterThan(0);
        expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
        const missing = [...translated].filter(([, text]) => text.trim() === '').map(([id]) => id);
        expect(missing, 'untranslated').toEqual([]);
        const differing = [...english].filter(([id, text]) => translated.get(id) !== text).length;
        expect(differing / english.size).toBeGreaterThanOrEqual(0.95);
      });
    }
  }
});
