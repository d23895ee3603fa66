CREATE TABLE "play_event_cursors" (
	"consumer" text PRIMARY KEY NOT NULL,
	"tx_id" "xid8" DEFAULT '0'::xid8 NOT NULL,
	"event_id" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "play_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"tx_id" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"ref" text NOT NULL,
	"kind" text NOT NULL,
	"product" text DEFAULT 'casino' NOT NULL,
	"player_id" integer NOT NULL,
	"currency" text NOT NULL,
	"provider_id" text NOT NULL,
	"game_code" text NOT NULL,
	"round" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"real_minor" bigint DEFAULT 0 NOT NULL,
	"bonus_minor" bigint DEFAULT 0 NOT NULL,
	"stake_minor" bigint NOT NULL,
	"freespin" boolean DEFAULT false NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	CONSTRAINT "play_events_ref_unique" UNIQUE("ref")
);
--> statement-breakpoint
CREATE TABLE "tournament_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"tournament_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"score" bigint DEFAULT 0 NOT NULL,
	"rounds" integer DEFAULT 0 NOT NULL,
	"wins_minor" bigint DEFAULT 0 NOT NULL,
	"stakes_minor" bigint DEFAULT 0 NOT NULL,
	"reached_at" timestamp with time zone,
	"revision" bigint DEFAULT 0 NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"place" integer,
	"prize" jsonb,
	CONSTRAINT "tournament_entries_player" UNIQUE("tournament_id","player_id")
);
--> statement-breakpoint
CREATE TABLE "tournaments" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"scoring" text NOT NULL,
	"games" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"providers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_stake_minor" bigint DEFAULT 0 NOT NULL,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"currencies" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"new_players_days" integer,
	"prizes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reset_on_cashout" boolean DEFAULT false NOT NULL,
	"entry" text DEFAULT 'participate' NOT NULL,
	"tags" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"finalized_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "tournament_entries" ADD CONSTRAINT "tournament_entries_tournament_id_tournaments_id_fk" FOREIGN KEY ("tournament_id") REFERENCES "public"."tournaments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "play_events_order_idx" ON "play_events" USING btree ("tx_id","id");--> statement-breakpoint
CREATE INDEX "tournament_entries_revision_idx" ON "tournament_entries" USING btree ("tournament_id","revision");