ALTER TABLE "freespin_packs" ADD COLUMN "total_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "freespin_packs" ADD COLUMN "stake_minor" bigint DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "freespin_packs" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
ALTER TABLE "freespin_packs" ADD COLUMN "won_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "freespin_pack_id" integer;