import * as v from 'valibot';

/**
 * The content types of the content backend (§3 "Common content", "Site config", "SEO", "Custom
 * code entry", §7 "Content backend"), by their REST name under `/cms/{type}`.
 *
 * `relations` names the attributes that are components, relations or media: like Strapi, an
 * answer leaves them out unless `populate` asks for them (`*` = every one of the first level,
 * nested trees name deeper ones). `unique` attributes may appear once per locale.
 */
export interface ContentType {
  name: string;
  localized: boolean;
  schema: v.GenericSchema<Record<string, unknown>, Record<string, unknown>>;
  relations: RelationTree;
  /**
   * The relations that are one image (`{ url, width, height }`, an upload's url): the back
   * office edits them as images (fields.ts); the others as JSON.
   */
  media?: string[];
  unique?: string[];
  /**
   * A single type (Strapi's term): one entry per locale, read and written at `/cms/{type}`
   * without an id (GET answers the entry, PUT creates or updates it, DELETE removes it).
   */
  single?: boolean;
}

/** Attribute → its own populatable attributes. */
export interface RelationTree {
  [attribute: string]: RelationTree;
}

const text = (max = 2000) => v.pipe(v.string('wrong_field'), v.maxLength(max, 'max_length'));
const required = (max = 2000) => v.pipe(text(max), v.minLength(1, 'required'));
const url = () => v.pipe(v.string('wrong_field'), v.minLength(1, 'required'), v.maxLength(2000));
const order = v.optional(v.pipe(v.number('wrong_field'), v.integer('wrong_field')));
const media = v.looseObject({ url: url() }, 'wrong_field');

/** Attributes are free-form JSON past the checked ones (`looseObject`), as in a headless CMS. */
const object = <E extends v.ObjectEntries>(entries: E) => v.looseObject(entries, 'wrong_field');

/** One link of a menu, footer or bottom menu: label, url, optional icon, order and children. */
const link = object({
  label: required(200),
  url: url(),
  icon: v.optional(v.union([text(2000), media], 'wrong_field')),
  order,
  isExternal: v.optional(v.boolean('wrong_field')),
  children: v.optional(v.array(v.looseObject({}), 'wrong_field')),
});

const MENU_RELATIONS: RelationTree = { icon: {} };

const TYPES: ContentType[] = [
  {
    name: 'pages',
    localized: true,
    unique: ['slug'],
    schema: object({
      slug: v.pipe(
        v.string('wrong_field'),
        v.minLength(1, 'required'),
        v.maxLength(200, 'max_length'),
        v.regex(/^[a-z0-9][a-z0-9-]*$/, 'wrong_field'),
      ),
      title: required(300),
      content: v.optional(text(200_000)),
    }),
    relations: { seo: { openGraph: { image: {} } }, image: {} },
    media: ['image'],
  },
  {
    // §2 `/promotions`, `/promotions/{id}` (issue #26): a promotion's page; `slug` is its id in
    // the path. The offer it presents names the slug in its `promotions` (campaigns/).
    name: 'promotions',
    localized: true,
    unique: ['slug'],
    schema: object({
      slug: v.pipe(
        v.string('wrong_field'),
        v.minLength(1, 'required'),
        v.maxLength(200, 'max_length'),
        v.regex(/^[a-z0-9][a-z0-9-]*$/, 'wrong_field'),
      ),
      title: required(300),
      summary: v.optional(text(500)),
      content: v.optional(text(200_000)),
      order,
    }),
    relations: { image: {} },
    media: ['image'],
  },
  { name: 'menu-links', localized: true, schema: link, relations: MENU_RELATIONS },
  { name: 'profile-links', localized: true, schema: link, relations: MENU_RELATIONS },
  { name: 'mobile-bottom-menu', localized: true, schema: link, relations: MENU_RELATIONS },
  { name: 'footer-links', localized: true, schema: link, relations: MENU_RELATIONS },
  { name: 'user-menu-links', localized: true, schema: link, relations: MENU_RELATIONS },
  { name: 'social-items-list', localized: true, schema: link, relations: MENU_RELATIONS },
  {
    name: 'banners',
    localized: true,
    schema: object({
      title: required(300),
      finished_at: v.optional(v.nullable(text(40))),
      description: v.optional(object({ position: v.optional(text(100)) })),
      banner_type: v.optional(text(100)),
      /** Where a main banner leads (issue #26): `banners/get` serves a site path or https only. */
      link: v.optional(v.nullable(text(2000))),
      order,
    }),
    // §9 banner sizes: mobile 360x240, tablet 360x520.
    relations: {
      description: {},
      image_mobile: {},
      image_tablet: {},
      image_735_240: {},
      image_360_520: {},
    },
    media: ['image_mobile', 'image_tablet', 'image_735_240', 'image_360_520'],
  },
  {
    name: 'popups',
    localized: true,
    unique: ['sysname'],
    schema: object({
      sysname: required(200),
      title: required(300),
      text: v.optional(text(20_000)),
    }),
    relations: { image: {}, button: {} },
    media: ['image'],
  },
  {
    name: 'redirects',
    localized: false,
    unique: ['from_url'],
    // §2 redirect table: `from_url` may hold `*` wildcards; `status` 301 (the default) or 302.
    schema: object({
      from_url: url(),
      to_url: url(),
      status: v.optional(v.nullable(v.picklist([301, 302], 'wrong_field'))),
    }),
    relations: {},
  },
  {
    name: 'seos',
    localized: true,
    unique: ['url'],
    schema: object({
      url: url(),
      title: v.optional(text(300)),
      description: v.optional(text(1000)),
      text: v.optional(text(50_000)),
      canonical: v.optional(text(2000)),
    }),
    relations: {
      openGraph: { image: {} },
      meta: {},
      schemaFaq: {},
      schemaArticle: {},
      organization: {},
      product: {},
      replacements: {},
    },
  },
  {
    name: 'domain-seo-settings',
    localized: true,
    schema: object({ host: required(255), robots: v.optional(text(20_000)) }),
    relations: { meta: {} },
  },
  {
    name: 'custom-codes',
    localized: false,
    schema: object({
      name: v.optional(text(200)),
      isEnabled: v.boolean('wrong_field'),
      // §3 custom code: position head, bodyStart or bodyEnd (default bodyEnd).
      position: v.optional(v.picklist(['head', 'bodyStart', 'bodyEnd'], 'wrong_field')),
      code: text(100_000),
    }),
    relations: {},
  },
  {
    name: 'web-settings',
    single: true,
    localized: false,
    schema: object({}),
    relations: { favicon: {} },
    media: ['favicon'],
  },
  {
    name: 'support-settings',
    single: true,
    localized: false,
    schema: object({ chat: v.optional(v.nullable(text(100))) }),
    relations: { config: {} },
  },
  {
    name: 'translations',
    localized: true,
    unique: ['key'],
    schema: object({ key: required(200), value: text(20_000) }),
    relations: {},
  },
  {
    name: 'site-config',
    single: true,
    localized: true,
    // `maintenance`: the staff switch of the whole site (web/site-state.ts). Only the entry of the
    // default locale counts: while it is true every page answers 503 with the maintenance page
    // and `/api` answers ApplicationUnavailableException; `/cms` keeps working to switch it off.
    // `embedOrigins` (default locale's entry too): the sites that may frame the embedded sign-in
    // and sign-up forms (§2 `/forms/*`), as origins (`https://partner.example`).
    schema: object({
      maintenance: v.optional(v.boolean('wrong_field')),
      embedOrigins: v.optional(v.array(v.pipe(v.string('wrong_field'), v.url('wrong_field')))),
    }),
    relations: {},
  },
];

export const CONTENT_TYPES: ReadonlyMap<string, ContentType> = new Map(
  TYPES.map((type) => [type.name, type]),
);

/** Keys of an answer that the entry's columns own; attributes by these names are refused. */
export const RESERVED_ATTRIBUTES = new Set([
  'id',
  'documentId',
  'locale',
  'createdAt',
  'updatedAt',
  'publishedAt',
]);
