CREATE TABLE "wagering_holds" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"currency" text NOT NULL,
	"owner" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"outcome" text,
	"required_minor" bigint NOT NULL,
	"progress_minor" bigint DEFAULT 0 NOT NULL,
	"max_bet_minor" bigint,
	"weights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_weight" integer DEFAULT 0 NOT NULL,
	"excluded_games" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bonus_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"trigger" text NOT NULL,
	"code" text,
	"currency" text NOT NULL,
	"min_deposit_minor" bigint,
	"amount_minor" bigint,
	"percent" integer,
	"cap_minor" bigint,
	"wagering_multiplier" integer NOT NULL,
	"wagering_base" text DEFAULT 'bonus' NOT NULL,
	"weights" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"default_weight" integer DEFAULT 0 NOT NULL,
	"excluded_games" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"max_bet_minor" bigint,
	"activate_hours" integer NOT NULL,
	"wager_hours" integer NOT NULL,
	"freespin_game" text,
	"freespin_count" integer,
	"freespin_stake_minor" bigint,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "player_bonuses" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"template_id" integer NOT NULL,
	"status" text DEFAULT 'available' NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"deposit_minor" bigint DEFAULT 0 NOT NULL,
	"required_minor" bigint NOT NULL,
	"grant_key" text NOT NULL,
	"activate_until" timestamp with time zone NOT NULL,
	"wager_until" timestamp with time zone,
	"activations" integer DEFAULT 0 NOT NULL,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "hold_id" integer;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD COLUMN "wagered_minor" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "wagering_holds" ADD CONSTRAINT "wagering_holds_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_bonuses" ADD CONSTRAINT "player_bonuses_template_id_bonus_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."bonus_templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "wagering_holds_owner_key" ON "wagering_holds" USING btree ("owner");--> statement-breakpoint
CREATE UNIQUE INDEX "wagering_holds_one_live" ON "wagering_holds" USING btree ("player_id","currency") WHERE "wagering_holds"."status" in ('open', 'complete');--> statement-breakpoint
CREATE INDEX "wagering_holds_complete_idx" ON "wagering_holds" USING btree ("status") WHERE "wagering_holds"."status" = 'complete';--> statement-breakpoint
CREATE INDEX "bonus_templates_code_idx" ON "bonus_templates" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "player_bonuses_grant_key" ON "player_bonuses" USING btree ("player_id","template_id","grant_key");--> statement-breakpoint
CREATE INDEX "player_bonuses_player_idx" ON "player_bonuses" USING btree ("player_id","status");--> statement-breakpoint
CREATE INDEX "player_bonuses_due_idx" ON "player_bonuses" USING btree ("status") WHERE "player_bonuses"."status" in ('available', 'active');