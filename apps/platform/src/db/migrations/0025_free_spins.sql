ALTER TABLE "freespin_packs" ADD COLUMN "bonus_id" integer;--> statement-breakpoint
ALTER TABLE "freespin_packs" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "freespin_packs" ADD COLUMN "settled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "originals_rounds" ADD COLUMN "freespin_pack_id" integer;--> statement-breakpoint
CREATE UNIQUE INDEX "freespin_packs_bonus_key" ON "freespin_packs" USING btree ("bonus_id");--> statement-breakpoint
CREATE INDEX "freespin_packs_player_idx" ON "freespin_packs" USING btree ("player_id","status");--> statement-breakpoint
CREATE INDEX "freespin_packs_unsettled_idx" ON "freespin_packs" USING btree ("expires_at") WHERE "freespin_packs"."settled_at" is null and "freespin_packs"."bonus_id" is not null;