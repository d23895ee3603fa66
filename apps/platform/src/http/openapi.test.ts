import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Validator } from '@seriousme/openapi-schema-validator';
import { METHODS } from '@northstar/contract';
import { startTestServer, type TestServer } from '../testing/test-server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
}, 60_000);
afterAll(() => server.close());

describe('the API reference', () => {
  it('/api/openapi.json is a valid OpenAPI 3.1 document listing every method of the registry', async () => {
    const answer = await server.app.inject('/api/openapi.json');
    expect(answer.statusCode).toBe(200);
    const document = answer.json<{
      openapi: string;
      paths: Record<
        string,
        Record<string, { operationId: string; security?: unknown; responses: object }>
      >;
    }>();
    expect(document.openapi).toBe('3.1.0');
    const validator = new Validator();
    const result = await validator.validate(document as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    const listed = Object.entries(document.paths).flatMap(([url, operations]) =>
      Object.keys(operations).map((verb) => `${verb.toUpperCase()} ${url}`),
    );
    expect(listed.sort()).toEqual(
      METHODS.map((m) => `${m.http} /api/${m.module}/${m.method}`).sort(),
    );
    const deposit = document.paths['/api/cashier/makedeposit']!.post!;
    expect(deposit.security).toEqual([{ session: [] }]);
    expect(deposit.responses).toMatchObject({
      '429': { headers: { 'Retry-After': { schema: { type: 'integer' } } } },
    });
  });

  it('/api/docs is a page that reads the document with the bundled renderer', async () => {
    const page = await server.app.inject('/api/docs');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-url="/api/openapi.json"');
    const script = await server.app.inject('/api/docs/scalar.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body.length).toBeGreaterThan(100_000);
  });

  it('every operation declares its security (none for a public one) and planned ones are marked', async () => {
    const document = (await server.app.inject('/api/openapi.json')).json<{
      paths: Record<
        string,
        Record<string, { security?: unknown; 'x-planned'?: boolean; 'x-staff-roles'?: string[] }>
      >;
    }>();
    for (const method of METHODS) {
      const operation =
        document.paths[`/api/${method.module}/${method.method}`]![method.http.toLowerCase()]!;
      // redocly's recommended rules refuse an operation without `security` (security-defined).
      expect(operation.security, `${method.module}/${method.method}`).toEqual(
        method.access === 'public'
          ? []
          : method.access === 'staff'
            ? [{ staff: [] }]
            : [{ session: [] }],
      );
      // A staff method names the roles that may call it (issue #30).
      expect(operation['x-staff-roles'], `${method.module}/${method.method}`).toEqual(
        method.access === 'staff' ? method.roles : undefined,
      );
      expect(operation['x-planned'] === true, `${method.module}/${method.method}`).toBe(
        method.status === 'planned',
      );
    }
  });

  it('/api/docs cannot be framed and runs only this origin’s script', async () => {
    const page = await server.app.inject('/api/docs');
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("script-src 'self'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(policy).toContain("connect-src 'self'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });
});
