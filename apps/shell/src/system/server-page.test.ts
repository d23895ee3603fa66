// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from 'jotai';
import { readServerSystemPage } from './server-page.ts';
import { seedServerSystemPage } from './query-errors.ts';
import { systemPageAtom } from './system-page-state.ts';

function head(html: string): Document {
  document.head.innerHTML = html;
  return document;
}

afterEach(() => {
  document.head.innerHTML = '';
});

describe('readServerSystemPage', () => {
  it.each(['maintenance', 'not-found', 'forbidden', 'user-blocked', 'error'] as const)(
    'reads %s',
    (kind) => {
      expect(readServerSystemPage(head(`<meta name="northstar:page" content="${kind}">`))).toBe(
        kind,
      );
    },
  );

  it.each([
    ['no meta', '<meta name="description" content="maintenance">'],
    ['an unknown kind', '<meta name="northstar:page" content="teapot">'],
    ['an empty content', '<meta name="northstar:page" content="">'],
    ['no content', '<meta name="northstar:page">'],
    ['another case', '<meta name="northstar:page" content="Maintenance">'],
  ])('answers null for %s', (_label, html) => {
    expect(readServerSystemPage(head(html))).toBeNull();
  });

  it('tolerates spaces around the kind', () => {
    expect(readServerSystemPage(head('<meta name="northstar:page" content=" maintenance ">'))).toBe(
      'maintenance',
    );
  });
});

describe('seedServerSystemPage', () => {
  it('shows the answered page for the path it was answered for', () => {
    const store = createStore();
    seedServerSystemPage(
      store,
      head('<meta name="northstar:page" content="maintenance">'),
      '/es-ES/gamehall',
    );
    expect(store.get(systemPageAtom)).toEqual({ kind: 'maintenance', path: '/es-ES/gamehall' });
  });

  it('leaves an ordinary page alone', () => {
    const store = createStore();
    seedServerSystemPage(store, head(''), '/');
    expect(store.get(systemPageAtom)).toBeNull();
  });
});
