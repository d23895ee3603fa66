import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { contentEditor } from './staff-door.ts';
import { CONTENT_TYPES, type ContentType, type RelationTree } from './types.ts';

/**
 * Issue #30: the content types' fields, as the back office's one generic content screen reads
 * them (`GET /cms/content-type-builder/content-types`, Strapi's own path and shape: `uid`,
 * `apiID`, `schema` with `kind`, `draftAndPublish`, i18n's `localized` and `attributes`). The
 * attributes are read off the valibot schemas of types.ts, the same ones every write is checked
 * against, so a field added there is on the screen without a second list to keep in step.
 *
 * Our additions to Strapi's attribute: `nullable` (the value may be cleared to null) and an
 * `enum` of numbers where the schema's picklist has numbers (the redirect's 301 or 302); the
 * schema's `mainField` names the attribute that labels an entry in lists, and `populate` the
 * paths of every relation to its deepest level (`seo.openGraph.image`): an editor reads an entry
 * with all of them, since a save writes back whole what it read.
 */

export type AttributeType =
  'string' | 'text' | 'integer' | 'boolean' | 'enumeration' | 'media' | 'json';

export interface Attribute {
  type: AttributeType;
  required?: boolean;
  nullable?: boolean;
  maxLength?: number;
  /** The characters a value may hold (a slug's), as a regular expression's source. */
  regex?: string;
  enum?: (string | number)[];
}

export interface ContentTypeSchema {
  uid: string;
  apiID: string;
  schema: {
    displayName: string;
    kind: 'collectionType' | 'singleType';
    pluralName: string;
    draftAndPublish: true;
    pluginOptions: { i18n: { localized: boolean } };
    mainField: string | null;
    populate: string[];
    attributes: Record<string, Attribute>;
  };
}

/** Each relation's path down to its deepest level. */
function relationPaths(tree: RelationTree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([name, deeper]) => {
    const path = prefix ? `${prefix}.${name}` : name;
    const below = relationPaths(deeper, path);
    return below.length > 0 ? below : [path];
  });
}

/** The names operators know the types by; any other type's name is its REST name, spaced. */
const DISPLAY_NAMES: Record<string, string> = {
  pages: 'Pages',
  banners: 'Banners',
  popups: 'Popups',
  seos: 'SEO',
  translations: 'Translations',
  redirects: 'Redirect table',
  'site-config': 'Site config',
};

/** `custom-codes` → "Custom codes". */
const displayNameOf = (name: string) =>
  name.charAt(0).toUpperCase() + name.slice(1).replaceAll('-', ' ');

/** A text longer than this is a text area on the screen, not a one-line field. */
const ONE_LINE = 2000;

/** The attribute that names an entry in a list: the first of these the type has. */
const MAIN_FIELDS = ['title', 'key', 'slug', 'url', 'from_url', 'sysname', 'label', 'host', 'name'];

/** The parts of a valibot schema this reads (valibot's schemas are plain objects). */
interface Node {
  type: string;
  wrapped?: Node;
  entries?: Record<string, Node>;
  options?: unknown[];
  /** A piped schema's parts: itself (or the schema it pipes), then its checks. */
  pipe?: (Node & { requirement?: unknown })[];
  requirement?: unknown;
}

/** The checks of a piped schema, those of a pipe inside it too (`required` pipes `text`). */
function checksOf(node: Node): Node[] {
  return (node.pipe ?? []).flatMap((part) =>
    part === node ? [] : part.pipe ? checksOf(part) : [part],
  );
}

function attributeOf(schema: Node): Attribute {
  let node = schema;
  let optional = false;
  let nullable = false;
  while (node.wrapped && ['optional', 'nullable', 'nullish'].includes(node.type)) {
    if (node.type !== 'nullable') optional = true;
    if (node.type !== 'optional') nullable = true;
    node = node.wrapped;
  }
  const actions = checksOf(node);
  const requirement = (type: string) => actions.find((action) => action.type === type)?.requirement;
  const maxLength = requirement('max_length');
  const minLength = requirement('min_length');
  const regex = requirement('regex');
  const attribute: Attribute = { type: 'json' };
  switch (node.type) {
    case 'string':
      attribute.type = typeof maxLength === 'number' && maxLength <= ONE_LINE ? 'string' : 'text';
      if (typeof maxLength === 'number') attribute.maxLength = maxLength;
      if (regex instanceof RegExp) attribute.regex = regex.source;
      break;
    case 'number':
      attribute.type = 'integer';
      break;
    case 'boolean':
      attribute.type = 'boolean';
      break;
    case 'picklist':
      attribute.type = 'enumeration';
      attribute.enum = (node.options ?? []) as (string | number)[];
      break;
  }
  // Required: it must be there, and a string must not be empty.
  const required = !optional && (node.type !== 'string' || (minLength as number) >= 1);
  if (required) attribute.required = true;
  if (nullable) attribute.nullable = true;
  return attribute;
}

export function contentTypeSchema(type: ContentType): ContentTypeSchema {
  const entries = (type.schema as unknown as Node).entries ?? {};
  const attributes: Record<string, Attribute> = {};
  for (const [name, schema] of Object.entries(entries)) attributes[name] = attributeOf(schema);
  // Relations (components, media) are not in the checked schema: images as media, others JSON.
  for (const name of Object.keys(type.relations)) {
    if (name in attributes) continue;
    attributes[name] = type.media?.includes(name) ? { type: 'media' } : { type: 'json' };
  }
  return {
    uid: `api::${type.name}.${type.name}`,
    apiID: type.name,
    schema: {
      displayName: DISPLAY_NAMES[type.name] ?? displayNameOf(type.name),
      kind: type.single ? 'singleType' : 'collectionType',
      pluralName: type.name,
      draftAndPublish: true,
      pluginOptions: { i18n: { localized: type.localized } },
      mainField: MAIN_FIELDS.find((field) => field in attributes) ?? null,
      populate: relationPaths(type.relations),
      attributes,
    },
  };
}

/** `GET /cms/content-type-builder/content-types`: every type, for content editors only. */
export function registerContentTypeRoutes(server: FastifyInstance, app: AppContext): void {
  server.get('/cms/content-type-builder/content-types', async (request, reply) => {
    await contentEditor(app, request, { write: false });
    reply.header('cache-control', 'no-store');
    return { data: [...CONTENT_TYPES.values()].map(contentTypeSchema) };
  });
}
