CREATE TABLE "sb_bet_legs" (
	"bet_id" bigint NOT NULL,
	"position" integer NOT NULL,
	"outcome_id" integer NOT NULL,
	"market_id" integer NOT NULL,
	"event_id" integer NOT NULL,
	"odds" integer NOT NULL,
	"result" text DEFAULT 'pending' NOT NULL,
	"void_reason" text,
	CONSTRAINT "sb_bet_legs_bet_id_position_pk" PRIMARY KEY("bet_id","position")
);
--> statement-breakpoint
CREATE TABLE "sb_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"request_id" text NOT NULL,
	"kind" text NOT NULL,
	"currency" text NOT NULL,
	"stake_minor" bigint NOT NULL,
	"placed_stake_minor" bigint NOT NULL,
	"lines" integer NOT NULL,
	"free_bet_id" integer,
	"odds_change" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"return_minor" bigint,
	"cashed_out_minor" bigint DEFAULT 0 NOT NULL,
	"owed_minor" bigint DEFAULT 0 NOT NULL,
	"settlements" integer DEFAULT 0 NOT NULL,
	"placed_at" timestamp with time zone NOT NULL,
	"settled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sb_cash_outs" (
	"id" serial PRIMARY KEY NOT NULL,
	"bet_id" bigint NOT NULL,
	"request_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"stake_before_minor" bigint NOT NULL,
	"stake_after_minor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sb_changes" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"competition_id" integer NOT NULL,
	"sport" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sb_competitions" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_ref" text NOT NULL,
	"sport" text NOT NULL,
	"name" text NOT NULL,
	"country" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sb_competitions_feed_ref_unique" UNIQUE("feed_ref")
);
--> statement-breakpoint
CREATE TABLE "sb_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"feed_ref" text NOT NULL,
	"competition_id" integer NOT NULL,
	"kind" text DEFAULT 'match' NOT NULL,
	"home" text NOT NULL,
	"away" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'prematch' NOT NULL,
	"score" jsonb,
	"clock" jsonb,
	"revision" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sb_events_feed_ref_unique" UNIQUE("feed_ref")
);
--> statement-breakpoint
CREATE TABLE "sb_feed_state" (
	"feed" text PRIMARY KEY NOT NULL,
	"seq" bigint DEFAULT 0 NOT NULL,
	"polled_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sb_markets" (
	"id" serial PRIMARY KEY NOT NULL,
	"event_id" integer NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"line" numeric(6, 2),
	"status" text DEFAULT 'open' NOT NULL,
	"combinable" boolean DEFAULT false NOT NULL,
	"max_stake_minor" bigint,
	"position" integer DEFAULT 0 NOT NULL,
	"void_reason" text
);
--> statement-breakpoint
CREATE TABLE "sb_outcomes" (
	"id" serial PRIMARY KEY NOT NULL,
	"market_id" integer NOT NULL,
	"key" text NOT NULL,
	"odds" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sb_player_settings" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"odds_change" text DEFAULT 'none' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sb_bet_legs" ADD CONSTRAINT "sb_bet_legs_bet_id_sb_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sb_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sb_cash_outs" ADD CONSTRAINT "sb_cash_outs_bet_id_sb_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."sb_bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sb_events" ADD CONSTRAINT "sb_events_competition_id_sb_competitions_id_fk" FOREIGN KEY ("competition_id") REFERENCES "public"."sb_competitions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sb_markets" ADD CONSTRAINT "sb_markets_event_id_sb_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."sb_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sb_outcomes" ADD CONSTRAINT "sb_outcomes_market_id_sb_markets_id_fk" FOREIGN KEY ("market_id") REFERENCES "public"."sb_markets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sb_bet_legs_outcome_idx" ON "sb_bet_legs" USING btree ("outcome_id");--> statement-breakpoint
CREATE INDEX "sb_bet_legs_event_idx" ON "sb_bet_legs" USING btree ("event_id");--> statement-breakpoint
CREATE INDEX "sb_bet_legs_pending_idx" ON "sb_bet_legs" USING btree ("outcome_id") WHERE "sb_bet_legs"."result" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sb_bets_request" ON "sb_bets" USING btree ("player_id","request_id");--> statement-breakpoint
CREATE INDEX "sb_bets_player_idx" ON "sb_bets" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "sb_bets_open_idx" ON "sb_bets" USING btree ("id") WHERE "sb_bets"."status" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "sb_cash_outs_request" ON "sb_cash_outs" USING btree ("bet_id","request_id");--> statement-breakpoint
CREATE INDEX "sb_changes_created_idx" ON "sb_changes" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "sb_events_starts_idx" ON "sb_events" USING btree ("starts_at");--> statement-breakpoint
CREATE INDEX "sb_events_status_idx" ON "sb_events" USING btree ("status");--> statement-breakpoint
CREATE INDEX "sb_events_updated_idx" ON "sb_events" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "sb_events_competition_idx" ON "sb_events" USING btree ("competition_id","starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sb_markets_key" ON "sb_markets" USING btree ("event_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "sb_outcomes_key" ON "sb_outcomes" USING btree ("market_id","key");