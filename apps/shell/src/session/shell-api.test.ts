import { describe, expect, it } from 'vitest';
import { findMethod } from '@northstar/contract';
import { SHELL_METHODS } from './shell-api.ts';

describe('the shell’s method refs', () => {
  it('name registry methods with their verbs', () => {
    for (const ref of Object.values(SHELL_METHODS)) {
      const definition = findMethod(ref.module, ref.method);
      expect(definition, `${ref.module}/${ref.method}`).toBeDefined();
      expect(ref.http).toBe(definition!.http);
      expect(ref.method).toBe(definition!.method);
    }
  });
});
