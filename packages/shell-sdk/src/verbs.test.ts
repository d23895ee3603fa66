import { describe, expect, it } from 'vitest';
import { METHODS, verbExceptions } from '@northstar/contract';
import { VERB_EXCEPTIONS } from './verbs.generated.ts';
import { verbOf } from './verbs.ts';

describe('the verb map the browser takes its verbs from (#23)', () => {
  it('gives every registry method the verb of its definition', () => {
    for (const m of METHODS) {
      expect(verbOf(m.module, m.method), `${m.module}/${m.method}`).toBe(m.http);
    }
  });

  it('is current: verbs.generated.ts holds exactly the exceptions of the registry', () => {
    // Stale: run `node tools/generate-verbs.ts`.
    expect(VERB_EXCEPTIONS).toEqual(verbExceptions(METHODS));
  });
});
