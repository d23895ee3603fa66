/** The content backend (content/). */
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../db/schema/columns.ts';

/**
 * The content backend's entries (§7 "Content backend"): one generic table for every content type
 * (pages, menus, banners, popups, redirects, SEO records, translations, site config…). `data`
 * holds the attributes; `locale` is null for types that are not localised.
 */
export const cmsEntries = pgTable(
  'cms_entries',
  {
    id: serial('id').primaryKey(),
    /**
     * Strapi 5's `documentId` (24 characters), which its clients address entries by: derived from
     * the id, so it never changes and needs no backfill.
     */
    documentId: text('document_id')
      .notNull()
      .generatedAlwaysAs(sql`substr(md5('cms:' || "id"::text), 1, 24)`),
    type: text('type').notNull(),
    locale: text('locale'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while the entry is a draft: public reads and the site leave drafts out. */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [
    index('cms_entries_type_locale_idx').on(t.type, t.locale, t.id),
    uniqueIndex('cms_entries_document_id_idx').on(t.documentId),
  ],
);

/** Content seeds already applied (by name): a seed runs once, so staff deletions stay deleted. */
export const cmsSeedRuns = pgTable('cms_seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: createdAt(),
});

/**
 * The site's locales, as the content backend's i18n plugin has them (content/locales.ts): staff
 * add, rename and withdraw them; the shell offers this list.
 */
export const locales = pgTable('locales', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  isDefault: boolean('is_default').notNull().default(false),
});
