// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { evaluateServerEntry } from './server-entry.ts';

/** A server entry as `createServerConfig` makes one: CommonJS, its singletons `require`d. */
function entry(body: string): string {
  return `${body}
module.exports = { default: { name: 'casino', pages: {}, messages: async () => ({}) } };`;
}

describe("a remote's server entry", () => {
  const react = { version: 'shared' };
  const shared = { react, 'node:fs': { leaked: true } };

  it('gets the shared singletons from the share scope', () => {
    const routes = evaluateServerEntry(
      'casino',
      `module.exports = { default: { name: 'casino', pages: {}, react: require('react') } };`,
      'casino-ok.cjs',
      shared,
    );
    expect(routes.name).toBe('casino');
    expect((routes as unknown as { react: unknown }).react).toBe(react);
  });

  it('is refused every node:* module and anything else the share scope lacks', () => {
    // Even a share scope that (by mistake) held a node:* module never hands it to a remote.
    for (const request of ['node:fs', 'node:child_process', 'fs', 'child_process', 'node:vm']) {
      expect(() =>
        evaluateServerEntry(
          'casino',
          entry(`require(${JSON.stringify(request)});`),
          'bad.cjs',
          shared,
        ),
      ).toThrow(`the remote "casino" asks for "${request}", which is not shared`);
    }
  });

  it('that is not the named remote is refused', () => {
    expect(() =>
      evaluateServerEntry('cashier', entry('exports.x = 1;'), 'other.cjs', shared),
    ).toThrow('no RemoteRoutes default export');
  });
});
