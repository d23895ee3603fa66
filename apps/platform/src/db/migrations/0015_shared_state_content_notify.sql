-- Several instances on one database (issue #16).
--
-- 1. Every write to the content (entries, media records, single types, locales) notifies the
--    channel `content_changed` once per statement, after commit: each instance drops its cached
--    `/nfx/cms-config` answers (content/content-cache.ts). A trigger rather than a call in each
--    write path, so that no writer (the seed, a migration, a future route) can forget it.
CREATE FUNCTION "notify_content_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('content_changed', TG_TABLE_NAME);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "cms_entries_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "cms_entries"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
CREATE TRIGGER "locales_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "locales"
  FOR EACH STATEMENT EXECUTE FUNCTION "notify_content_changed"();
--> statement-breakpoint
-- 2. The general per-address request throttle (@fastify/rate-limit's store,
--    shared-store/throttle-store.ts): one fixed-window counter per key. UNLOGGED: the counters are
--    hot (one upsert per API request) and worthless after a crash, so they skip the WAL; a crash
--    empties the table, which only gives every address a fresh window.
CREATE UNLOGGED TABLE "request_throttle" (
  "key" text PRIMARY KEY NOT NULL,
  "window_start" bigint NOT NULL,
  "count" integer NOT NULL
);
