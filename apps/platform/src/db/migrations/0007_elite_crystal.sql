CREATE TABLE "originals_fun_wallets" (
	"id" text PRIMARY KEY NOT NULL,
	"balance_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "originals_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"owner" text NOT NULL,
	"session_token" text NOT NULL,
	"game_code" text NOT NULL,
	"engine" text NOT NULL,
	"status" text NOT NULL,
	"state" jsonb NOT NULL,
	"currency" text NOT NULL,
	"stake_minor" bigint DEFAULT 0 NOT NULL,
	"win_minor" bigint DEFAULT 0 NOT NULL,
	"transactions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "originals_seeds" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "launch_provider" text DEFAULT 'northstar' NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "engine" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "engine_config" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "rtp_basis_points" integer;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "volatility" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "theme" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "popularity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "released_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
CREATE INDEX "originals_rounds_owner_idx" ON "originals_rounds" USING btree ("owner","game_code","status");--> statement-breakpoint
CREATE UNIQUE INDEX "originals_seeds_active" ON "originals_seeds" USING btree ("owner") WHERE "originals_seeds"."revealed_at" is null;