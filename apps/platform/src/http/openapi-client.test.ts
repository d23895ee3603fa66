import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing/test-server.ts';
import { REGISTRATION_PROFILE } from '../testing/api.ts';

/**
 * The API as an integrator meets it (issue #24): a client generated from the served document
 * with openapi-typescript, called through openapi-fetch. The program below encodes each query
 * param the way the document describes it (`content: application/json`, `style`/`explode`), as
 * a generator-driven client does, so a document that misdescribes the wire fails here.
 */
const PROGRAM = String.raw`
import createClient from 'openapi-fetch';
import type { components, paths } from './api.ts';

type Parameter = {
  name: string;
  in: string;
  style?: string;
  explode?: boolean;
  schema?: { type?: unknown };
  content?: Record<string, unknown>;
};
type Document = { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };

/** A query string as the document says each param travels (OpenAPI 3.1 §4.8.12). */
function serializerFor(document: Document, url: string) {
  const parameters = document.paths[url]?.get?.parameters ?? [];
  return (query: Record<string, unknown>): string => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      if (value === undefined) continue;
      const described = parameters.find((p) => p.in === 'query' && p.name === name);
      if (described?.content?.['application/json'])
        search.append(name, typeof value === 'string' ? value : JSON.stringify(value));
      else if (Array.isArray(value)) {
        // style form: explode is true unless the document says false.
        if (described?.explode === false) search.append(name, value.join(','));
        else for (const item of value) search.append(name, String(item));
      } else if (typeof value === 'object' && value !== null) {
        // style form, explode true: an object's properties are params of their own.
        for (const [key, item] of Object.entries(value)) search.append(key, String(item));
      } else search.append(name, String(value));
    }
    return search.toString();
  };
}

/** A cookie jar as a browser tab keeps one. */
function tab(): (request: Request) => Promise<Response> {
  const jar = new Map<string, string>();
  return async (request) => {
    const sent = new Request(request);
    if (jar.size > 0) sent.headers.set('cookie', [...jar].map(([k, v]) => k + '=' + v).join('; '));
    const response = await fetch(sent);
    for (const line of response.headers.getSetCookie()) {
      const pair = line.split(';')[0] ?? '';
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim());
    }
    return response;
  };
}

function formData(body: unknown): FormData {
  const form = new FormData();
  for (const [key, value] of Object.entries(body as Record<string, unknown>))
    if (value !== undefined) form.append(key, String(value));
  return form;
}

const marker = { 'X-App-Client': 'web/2.34' } as const;

export async function run(baseUrl: string, email: string) {
  const document = (await (await fetch(baseUrl + '/api/openapi.json')).json()) as Document;
  const player = createClient<paths>({ baseUrl, fetch: tab() });
  const visitor = createClient<paths>({ baseUrl, fetch: tab() });

  // A JSON option: games/get's options object, typed by its component, sent as JSON text.
  const options: components['schemas']['games.get.options'] = { limit: 1, sort: 'name' };
  const games = await visitor.GET('/api/games/get', {
    params: { query: { v: '2.34', options: JSON.stringify(options) } },
    querySerializer: serializerFor(document, '/api/games/get'),
  });
  // A form body: sign-up (multipart/form-data), which also signs the player in.
  const registered = await player.POST('/api/auth/register', {
    params: { query: { v: '2.34' }, header: marker },
    body: {
      email,
      password: 'Secret-123',
      currency: 'EUR',
      terms: '1',
      ...${JSON.stringify(REGISTRATION_PROFILE)},
    },
    bodySerializer: formData,
  });
  // A signed-in call.
  const balance = await player.GET('/api/account/getBalance', {
    params: { query: { v: '2.34' } },
  });
  // A list: the profile with its contacts and document.
  const profile = await player.GET('/api/account/getprofileinfo', {
    params: { query: { v: '2.34', fields: ['contacts', 'document'] } },
    querySerializer: serializerFor(document, '/api/account/getprofileinfo'),
  });
  // A §8 error: the same call without a session.
  const refused = await visitor.GET('/api/account/getBalance', {
    params: { query: { v: '2.34' } },
  });

  return {
    games: {
      status: games.response.status,
      count: games.data?.data.items.length,
      total: games.data?.data.total,
      error: games.error,
    },
    registered: { status: registered.response.status, error: registered.error },
    balance: {
      status: balance.response.status,
      currency: balance.data?.data.balance_main.currency,
      error: balance.error,
    },
    profile: {
      status: profile.response.status,
      contacts: profile.data?.data.contacts,
      error: profile.error,
    },
    refused: {
      status: refused.response.status,
      type: refused.error?.error.type,
      code: refused.error?.error.code,
    },
  };
}
`;

let server: TestServer;
let folder: string;
beforeAll(async () => {
  server = await startTestServer();
  folder = mkdtempSync(path.join(os.tmpdir(), 'northstar-client-'));
  // The program resolves openapi-fetch as an integrator's project would, from its node_modules.
  const modules = fileURLToPath(new URL('../../node_modules', import.meta.url));
  symlinkSync(modules, path.join(folder, 'node_modules'), 'dir');
  writeFileSync(path.join(folder, 'package.json'), '{ "type": "module" }');
}, 60_000);
afterAll(async () => {
  await server.close();
  rmSync(folder, { recursive: true, force: true });
});

describe('a client generated from /api/openapi.json', () => {
  it('type-checks against openapi-fetch and five methods of different shapes answer as documented', async () => {
    const types = astToString(await openapiTS(new URL('/api/openapi.json', server.url)));
    writeFileSync(path.join(folder, 'api.ts'), types);
    const program = path.join(folder, 'client.ts');
    writeFileSync(program, PROGRAM);

    const checked = ts.createProgram([program], {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2023,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      allowImportingTsExtensions: true,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
      types: [],
      skipLibCheck: true,
    });
    const problems = ts
      .getPreEmitDiagnostics(checked)
      .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(problems).toEqual([]);

    const { run } = (await import(/* @vite-ignore */ pathToFileURL(program).href)) as {
      run: (
        baseUrl: string,
        email: string,
      ) => Promise<
        Record<'games' | 'registered' | 'balance' | 'profile' | 'refused', Record<string, unknown>>
      >;
    };
    const result = await run(server.url, 'generated-client@example.com');
    expect(result.games).toMatchObject({ status: 200, error: undefined });
    expect(result.games.count).toBeLessThanOrEqual(1);
    expect(typeof result.games.total).toBe('number');
    expect(result.registered).toEqual({ status: 200, error: undefined });
    expect(result.balance).toEqual({ status: 200, currency: 'EUR', error: undefined });
    expect(result.profile).toMatchObject({ status: 200, error: undefined });
    expect(Array.isArray(result.profile.contacts)).toBe(true);
    expect(result.refused).toEqual({
      status: 401,
      type: 'AuthorizationException',
      code: 'authorization',
    });
  }, 120_000);

  it('says how each query param travels: JSON text for an object, one comma-joined value for a list', async () => {
    const document = (await server.app.inject('/api/openapi.json')).json<{
      paths: Record<string, { get: { parameters: { name: string }[] } }>;
      components: { schemas: Record<string, unknown> };
    }>();
    const param = (url: string, name: string) =>
      document.paths[url]!.get.parameters.find((p) => p.name === name);
    expect(param('/api/games/get', 'options')).toMatchObject({
      content: {
        'application/json': { schema: { $ref: '#/components/schemas/games.get.options' } },
      },
    });
    expect(document.components.schemas['games.get.options']).toMatchObject({
      type: 'object',
      properties: { limit: { type: 'integer' } },
    });
    expect(param('/api/games/get', 'options')).not.toHaveProperty('schema');
    expect(param('/api/account/getprofileinfo', 'fields')).toEqual({
      name: 'fields',
      in: 'query',
      required: false,
      style: 'form',
      explode: false,
      schema: { type: 'array', items: { type: 'string', enum: ['contacts', 'document'] } },
    });
  });

  it('redocly lint (the recommended rules) finds no error in the served document', async () => {
    const source = (await server.app.inject('/api/openapi.json')).body;
    const problems = await lintFromString({
      source,
      absoluteRef: path.join(folder, 'openapi.json'),
      config: await createConfig({ extends: ['recommended'] }),
    });
    const errors = problems
      .filter((problem) => problem.severity === 'error')
      .map((problem) => `${problem.ruleId} ${problem.location[0]?.pointer}: ${problem.message}`);
    expect(errors).toEqual([]);
  });
});
