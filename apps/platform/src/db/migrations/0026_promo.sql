CREATE TABLE "campaign_offer_takes" (
	"id" serial PRIMARY KEY NOT NULL,
	"template_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"bonus_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "campaign_offers" (
	"template_id" integer PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"exclude_methods" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"user_satisfies_params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"promotions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"valid_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "promo_code_activations" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"seq" integer NOT NULL,
	"player_seq" integer NOT NULL,
	"bonus_id" integer,
	"template_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "valid_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "template_id" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses" integer;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "max_uses_per_player" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "new_players_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "uses" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "campaign_offer_takes" ADD CONSTRAINT "campaign_offer_takes_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_activations" ADD CONSTRAINT "promo_code_activations_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_activations" ADD CONSTRAINT "promo_code_activations_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_offer_takes_key" ON "campaign_offer_takes" USING btree ("template_id","player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_activations_seq" ON "promo_code_activations" USING btree ("promo_code_id","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_code_activations_player_seq" ON "promo_code_activations" USING btree ("promo_code_id","player_id","player_seq");--> statement-breakpoint
CREATE INDEX "promo_code_activations_player_idx" ON "promo_code_activations" USING btree ("player_id");