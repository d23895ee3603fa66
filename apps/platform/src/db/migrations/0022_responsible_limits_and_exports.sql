CREATE TABLE "play_limits" (
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"period_days" integer NOT NULL,
	"currency" text,
	"amount" bigint NOT NULL,
	"anchor_at" timestamp with time zone NOT NULL,
	"pending_amount" bigint,
	"pending_remove" boolean DEFAULT false NOT NULL,
	"pending_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "play_limits_player_id_kind_period_days_pk" PRIMARY KEY("player_id","kind","period_days")
);
--> statement-breakpoint
CREATE TABLE "reality_checks" (
	"player_id" integer PRIMARY KEY NOT NULL,
	"interval_minutes" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deposit_limits" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "self_exclusions" ADD COLUMN "kind" text DEFAULT 'self_exclusion' NOT NULL;--> statement-breakpoint
ALTER TABLE "game_history_exports" ADD COLUMN "xlsx_base64" text;--> statement-breakpoint
ALTER TABLE "game_history_exports" ADD COLUMN "period_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_history_exports" ADD COLUMN "period_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "play_limits" ADD CONSTRAINT "play_limits_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reality_checks" ADD CONSTRAINT "reality_checks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;