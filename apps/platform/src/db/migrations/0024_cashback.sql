CREATE TABLE "cashback_periods" (
	"id" serial PRIMARY KEY NOT NULL,
	"settings_id" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"from_watermark" bigint NOT NULL,
	"to_watermark" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cashback_settings" (
	"id" serial PRIMARY KEY NOT NULL,
	"currency" text NOT NULL,
	"percent_bp" integer NOT NULL,
	"min_loss_minor" bigint NOT NULL,
	"cap_minor" bigint,
	"period" text NOT NULL,
	"payout_to" text NOT NULL,
	"wagering_multiplier" integer DEFAULT 0 NOT NULL,
	"claim_hours" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"start_watermark" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cashback_settings_currency_unique" UNIQUE("currency")
);
--> statement-breakpoint
CREATE TABLE "cashbacks" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"settings_id" integer NOT NULL,
	"grant_key" text NOT NULL,
	"currency" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"net_loss_minor" bigint NOT NULL,
	"percent_bp" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	"payout_to" text NOT NULL,
	"wagering_multiplier" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"receiving_expired_at" timestamp with time zone NOT NULL,
	"paid_out_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cashback_periods" ADD CONSTRAINT "cashback_periods_settings_id_cashback_settings_id_fk" FOREIGN KEY ("settings_id") REFERENCES "public"."cashback_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbacks" ADD CONSTRAINT "cashbacks_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cashbacks" ADD CONSTRAINT "cashbacks_settings_id_cashback_settings_id_fk" FOREIGN KEY ("settings_id") REFERENCES "public"."cashback_settings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cashback_periods_once" ON "cashback_periods" USING btree ("settings_id","period_start");--> statement-breakpoint
CREATE UNIQUE INDEX "cashbacks_grant_once" ON "cashbacks" USING btree ("player_id","grant_key");--> statement-breakpoint
CREATE INDEX "cashbacks_player_idx" ON "cashbacks" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "cashbacks_due_idx" ON "cashbacks" USING btree ("receiving_expired_at") WHERE "cashbacks"."status" = 'active';