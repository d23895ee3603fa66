/** The content backend (content/). */
import { index, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';

/**
 * The content backend's entries (§7 "Content backend"): one generic table for every content type
 * (pages, menus, banners, popups, redirects, SEO records, translations, site config…). `data`
 * holds the attributes; `locale` is null for types that are not localised.
 */
export const cmsEntries = pgTable(
  'cms_entries',
  {
    id: serial('id').primaryKey(),
    type: text('type').notNull(),
    locale: text('locale'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Null while the entry is a draft: public reads and the site leave drafts out. */
    publishedAt: timestamp('published_at', { withTimezone: true }).defaultNow(),
  },
  (t) => [index('cms_entries_type_locale_idx').on(t.type, t.locale, t.id)],
);

/** Content seeds already applied (by name): a seed runs once, so staff deletions stay deleted. */
export const cmsSeedRuns = pgTable('cms_seed_runs', {
  name: text('name').primaryKey(),
  appliedAt: createdAt(),
});
