CREATE TABLE "jackpot_wins" (
	"id" serial PRIMARY KEY NOT NULL,
	"jackpot_id" integer NOT NULL,
	"owner" text NOT NULL,
	"game_code" text NOT NULL,
	"round" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "jackpot_wins_round_unique" UNIQUE("round")
);
--> statement-breakpoint
CREATE TABLE "jackpots" (
	"id" serial PRIMARY KEY NOT NULL,
	"sysname" text NOT NULL,
	"name" text NOT NULL,
	"currency" text NOT NULL,
	"seed_minor" bigint NOT NULL,
	"pool_minor" bigint NOT NULL,
	"contribution_basis_points" integer NOT NULL,
	"odds_minor" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jackpot_wins" ADD CONSTRAINT "jackpot_wins_jackpot_id_jackpots_id_fk" FOREIGN KEY ("jackpot_id") REFERENCES "public"."jackpots"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jackpot_wins_created_idx" ON "jackpot_wins" USING btree ("created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jackpots_sysname_currency" ON "jackpots" USING btree ("sysname","currency");