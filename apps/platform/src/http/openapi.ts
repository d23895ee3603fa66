import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import type { GenericSchema } from 'valibot';
import { METHODS, type MethodDefinition } from '@northstar/contract';
import { ERROR_CATALOGUE, errorTypeName } from '@northstar/errors';
import { SESSION_COOKIE, STAFF_COOKIE } from '../identity/index.ts';

/**
 * The API's reference, generated from `packages/contract` (the same schemas the dispatcher
 * checks): an OpenAPI 3.1 document at `/api/openapi.json`, read by a Scalar page at `/api/docs`.
 * Params are as they travel (query for GET, form data for POST); every answer is the `data`
 * envelope, every failure the §8 error envelope with its type.
 */
type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: GenericSchema): JsonSchema {
  // Transforms (a wire string read as a number) have no JSON Schema: the input side is kept.
  const converted = toJsonSchema(schema, { errorMode: 'ignore' }) as JsonSchema;
  delete converted.$schema;
  return converted;
}

const ERROR_TYPES = Object.keys(ERROR_CATALOGUE).map((type) =>
  errorTypeName(type as keyof typeof ERROR_CATALOGUE),
);

const errorEnvelope: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['type', 'code', 'message'],
      properties: {
        type: { type: 'string', enum: ERROR_TYPES },
        code: { type: 'string' },
        message: { type: 'string' },
        invalid_parameters: {
          type: 'object',
          additionalProperties: { type: 'array', items: { type: 'string' } },
          description: 'Field → §5 error codes, for InvalidParameterException',
        },
        error_data: { type: 'object' },
      },
    },
  },
};

interface PipedSchema {
  type: string;
  kind: string;
  wrapped?: PipedSchema;
  pipe?: readonly PipedSchema[];
}

/**
 * How a query param travels (packages/contract wire.ts), said so a generated client sends what
 * the server reads: a `w.json(...)` param (games/get `options`) is JSON text, so it is described
 * with `content: application/json` and the object's own schema; a `w.list(...)` param is one
 * comma-joined value (`fields=contacts,document`), so it is an array of its values with
 * `style: form, explode: false` (the schema of the joined string was an array and a string at
 * once, which nothing satisfies). Any other param keeps its converted schema.
 */
function queryParameter(
  name: string,
  schema: GenericSchema,
  required: boolean,
  components: Record<string, JsonSchema>,
  owner: string,
): JsonSchema {
  let inner = schema as unknown as PipedSchema;
  if (inner.type === 'optional' && inner.wrapped) inner = inner.wrapped;
  const steps = inner.pipe ?? [];
  // The value's last shape: checks after it (a list's least number of items) come after it.
  const last = steps.findLast((step) => step.kind === 'schema');
  const transformed = steps.some((step) => step.kind === 'transformation');
  if (transformed && last && last !== steps[0] && last.kind === 'schema') {
    if (steps.some((step) => step.type === 'raw_transform')) {
      // A named component too: generators type a `content` param as its text (openapi-typescript
      // does), so a client finds the object's type there (`games.get.options`) before encoding it.
      const component = `${owner}.${name}`;
      components[component] = jsonSchema(last as unknown as GenericSchema);
      return {
        name,
        in: 'query',
        required,
        content: { 'application/json': { schema: { $ref: `#/components/schemas/${component}` } } },
      };
    }
    if (last.type === 'array')
      return {
        name,
        in: 'query',
        required,
        style: 'form',
        explode: false,
        schema: jsonSchema(last as unknown as GenericSchema),
      };
  }
  return { name, in: 'query', required, schema: jsonSchema(schema) };
}

function operation(method: MethodDefinition, components: Record<string, JsonSchema>): JsonSchema {
  const params = jsonSchema(method.params);
  const properties = (params.properties ?? {}) as Record<string, JsonSchema>;
  const required = new Set((params.required as string[] | undefined) ?? []);
  const entries =
    (method.params as unknown as { entries?: Record<string, GenericSchema> }).entries ?? {};
  const common = [
    { name: 'v', in: 'query', required: true, schema: { type: 'string', example: '2.34' } },
    { name: 'locale', in: 'query', required: false, schema: { type: 'string', example: 'en-US' } },
  ];
  const operation: JsonSchema = {
    operationId: `${method.module}.${method.method}`,
    tags: [method.module],
    summary: `${method.module}/${method.method}`,
    description: [
      method.access === 'public'
        ? 'Anyone may call it.'
        : method.access === 'player'
          ? 'A signed-in player (session cookie).'
          : `Staff only: the back-office session (\`staff/signin\`), roles ${(method.roles ?? []).join(', ')}.`,
      method.status === 'planned'
        ? 'Planned: the params are checked, then it answers MethodNotFoundException.'
        : '',
      method.http === 'POST'
        ? 'State-changing: send the marker header `X-App-Client: web/2.34`.'
        : '',
    ]
      .filter(Boolean)
      .join(' '),
    responses: {
      '200': {
        description: 'Success',
        content: {
          'application/json': {
            schema: {
              type: 'object',
              required: ['data'],
              properties: { data: jsonSchema(method.response) },
            },
          },
        },
      },
      // The general throttle (http/throttle.ts) answers every method so once an address spent
      // its budget; sign-in and codes have their own, smaller budgets with the same answer.
      '429': {
        description:
          'TooManyRequestsException: the address (or the account) spent its budget; try again after Retry-After seconds',
        headers: {
          'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } },
        },
        content: { 'application/json': { schema: errorEnvelope } },
      },
      default: {
        description: 'A typed failure (§8)',
        content: { 'application/json': { schema: errorEnvelope } },
      },
    },
  };
  // A public method says so (an empty requirement), rather than leaving a reader to guess.
  operation.security =
    method.access === 'public'
      ? []
      : method.access === 'staff'
        ? [{ staff: [] }]
        : [{ session: [] }];
  // Issue #30: the staff roles that may call it (every other role is refused, 403).
  if (method.access === 'staff') operation['x-staff-roles'] = [...(method.roles ?? [])];
  // Not built yet: it checks its params, then answers MethodNotFoundException; a generator can
  // leave it out by the extension, a reader sees it in the summary.
  if (method.status === 'planned') {
    operation['x-planned'] = true;
    operation.summary = `${method.module}/${method.method} (planned)`;
  }
  if (method.http === 'GET') {
    operation.parameters = [
      ...common,
      ...Object.entries(entries).map(([name, schema]) =>
        queryParameter(
          name,
          schema,
          required.has(name),
          components,
          `${method.module}.${method.method}`,
        ),
      ),
    ];
  } else {
    operation.parameters = [
      ...common,
      {
        name: 'X-App-Client',
        in: 'header',
        required: true,
        schema: { type: 'string', example: 'web/2.34' },
      },
    ];
    operation.requestBody = {
      required: required.size > 0,
      content: {
        'multipart/form-data': { schema: { type: 'object', properties, required: [...required] } },
      },
    };
  }
  return operation;
}

export function openApiDocument(): JsonSchema {
  const paths: Record<string, JsonSchema> = {};
  const schemas: Record<string, JsonSchema> = {};
  for (const method of METHODS) {
    paths[`/api/${method.module}/${method.method}`] = {
      [method.http.toLowerCase()]: operation(method, schemas),
    };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Northstar API',
      version: '2.34',
      description:
        'The application API of §7, generated from packages/contract. Money is a decimal string in the currency’s decimals.',
    },
    servers: [{ url: '/' }],
    components: {
      schemas,
      securitySchemes: {
        session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
        staff: { type: 'apiKey', in: 'cookie', name: STAFF_COOKIE },
      },
    },
    tags: [...new Set(METHODS.map((method) => method.module))].map((name) => ({ name })),
    paths,
  };
}

/**
 * The reference page's policy: its script and the document from this origin only, the renderer's
 * inline styles, never framed (a framed reference with "try it" buttons is a clickjacking aid).
 * No other origin is reached: the renderer's web fonts (its CDN) fall back to the system's.
 */
export const API_DOCS_POLICY = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

/** `/api/openapi.json`, `/api/docs` and the renderer's script, all served from this server. */
export function registerApiReference(server: FastifyInstance): void {
  let document: string | null = null;
  server.get('/api/openapi.json', async (_request, reply) => {
    document ??= JSON.stringify(openApiDocument());
    return reply.type('application/json; charset=utf-8').send(document);
  });
  let script: Buffer | null = null;
  server.get('/api/docs/scalar.js', async (_request, reply) => {
    // The package's browser build (one file, no CDN), beside its module entry.
    if (!script) {
      const entry = fileURLToPath(import.meta.resolve('@scalar/api-reference'));
      const root = entry.slice(0, entry.lastIndexOf(`${path.sep}dist${path.sep}`));
      script = readFileSync(path.join(root, 'dist', 'browser', 'standalone.js'));
    }
    return reply
      .type('text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=86400')
      .send(script);
  });
  server.get('/api/docs', async (_request, reply) =>
    reply
      .type('text/html; charset=utf-8')
      .header('content-security-policy', API_DOCS_POLICY)
      .header('x-frame-options', 'DENY')
      .header('x-content-type-options', 'nosniff')
      .header('referrer-policy', 'strict-origin-when-cross-origin')
      .send(
        '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>Northstar API reference</title><meta name="robots" content="noindex"></head><body><script id="api-reference" data-url="/api/openapi.json"></script><script src="/api/docs/scalar.js"></script></body></html>',
      ),
  );
}
