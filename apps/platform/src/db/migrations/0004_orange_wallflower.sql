ALTER TABLE "cms_entries" ADD COLUMN "published_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
-- Entries that existed before drafts were published when they were created.
UPDATE "cms_entries" SET "published_at" = "created_at";
