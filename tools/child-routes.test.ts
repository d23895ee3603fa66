import { readFileSync } from 'node:fs';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { ROUTES, type RouteId, type RoutesOwnedBy } from '../packages/shell-sdk/src/route-table.ts';
import { matchRoute, pageDecision } from '../packages/shell-sdk/src/page-rules.ts';
import { routePath } from '../packages/shell-sdk/src/paths.ts';
import {
  childPattern,
  generatedIds,
  generatedSource,
  remoteChildRoutes,
  ROUTE_TABLE,
} from './generate-child-routes.ts';

/**
 * Issue #23 §3: a remote declares the pages inside its subtree (`apps/<remote>/src/child-routes.ts`);
 * the route table merges them with the central one, so the page rules resolve a child like any
 * other route and answer an unknown path under the remote with a 404.
 */
const declarations = await remoteChildRoutes();
const player = { signedIn: true };

describe('the remotes’ child routes (#23 §3)', () => {
  it('are copied into shell-sdk as they are declared (run tools/generate-child-routes.ts)', () => {
    expect(declarations.map((d) => d.owner)).toContain('cashier');
    const table = readFileSync(ROUTE_TABLE, 'utf8');
    expect(table).toBe(generatedSource(declarations, table));
  });

  it('hang under a central route of their own remote and never shadow a central one', () => {
    const table = readFileSync(ROUTE_TABLE, 'utf8');
    const children = generatedIds(table);
    expect(children).toEqual(declarations.flatMap((remote) => Object.keys(remote.children)));
    for (const remote of declarations) {
      const parent = Object.entries(ROUTES).find(([, route]) => route.pattern === remote.parent);
      expect(parent?.[1].owner, remote.parent).toBe(remote.owner);
      expect(children).not.toContain(parent?.[0]);
      for (const [id, child] of Object.entries(remote.children)) {
        // Declared once: in the generated block, not also by hand in the central table.
        expect(table.match(new RegExp(`^ +${id}: `, 'gm')), id).toHaveLength(1);
        expect(ROUTES[id as RouteId], id).toEqual({
          pattern: childPattern(remote.parent, child),
          owner: remote.owner,
          layout: 'default',
        });
      }
    }
  });

  it('resolve a child path (locale prefix too) to the child route and its params', () => {
    expect(matchRoute('/cashier/paysuccess/tx-42')).toEqual({
      id: 'cashierPaySuccessTransaction',
      params: { transaction: 'tx-42' },
      locale: 'en-US',
      path: '/cashier/paysuccess/tx-42',
    });
    expect(matchRoute('/es-ES/cashier/payfail/')?.id).toBe('cashierPayFail');
    expect(pageDecision('/cashier/paypending?x=1', player)).toMatchObject({
      kind: 'page',
      match: { id: 'cashierPayPending' },
    });
    // The central table's pages under the same parent still resolve as before.
    expect(matchRoute('/cashier/deposit/visa')?.id).toBe('cashierDepositMethod');
    expect(routePath('cashierPaySuccessTransaction', { transaction: 'a1' }, 'pt-BR')).toBe(
      '/pt-BR/cashier/paysuccess/a1',
    );
  });

  it('leave an unknown path under the remote a 404, and its guard as the parent’s', () => {
    for (const url of [
      '/cashier/paywhatever',
      '/cashier/paysuccess/a/b',
      '/ru-RU/cashier/payfail/bad%20id',
    ]) {
      expect(pageDecision(url, player), url).toEqual({ kind: 'not-found' });
    }
    // §9: a visitor is sent to sign in first, for a child path as for the parent.
    expect(pageDecision('/cashier/paysuccess', { signedIn: false })).toMatchObject({
      kind: 'redirect',
      status: 302,
    });
  });

  it('make the remote owe a page for each child (the compiler checks RemoteRoutes.pages)', () => {
    expectTypeOf<'cashierPaySuccessTransaction'>().toExtend<RoutesOwnedBy<'cashier'>>();
    expectTypeOf<
      (typeof ROUTES)['cashierPayFailTransaction']['pattern']
    >().toEqualTypeOf<'/cashier/payfail/:transaction'>();
  });
});
