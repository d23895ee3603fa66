CREATE TABLE "free_bet_stakes" (
	"id" serial PRIMARY KEY NOT NULL,
	"bonus_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"bet_ref" text NOT NULL,
	"stake_minor" bigint NOT NULL,
	"odds" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"return_minor" bigint,
	"paid_minor" bigint,
	"returned" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bonus_templates" ADD COLUMN "min_odds" numeric(8, 2);--> statement-breakpoint
ALTER TABLE "free_bet_stakes" ADD CONSTRAINT "free_bet_stakes_bonus_id_player_bonuses_id_fk" FOREIGN KEY ("bonus_id") REFERENCES "public"."player_bonuses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "free_bet_stakes" ADD CONSTRAINT "free_bet_stakes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "free_bet_stakes_bet_ref" ON "free_bet_stakes" USING btree ("bet_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "free_bet_stakes_one_open" ON "free_bet_stakes" USING btree ("bonus_id") WHERE "free_bet_stakes"."status" = 'open';