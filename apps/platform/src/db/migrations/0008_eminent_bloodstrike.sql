CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "games_name_trgm" ON "games" USING gin ("name" gin_trgm_ops);