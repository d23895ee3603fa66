CREATE TABLE "loyalty_earn_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"product" text NOT NULL,
	"category" text NOT NULL,
	"currency" text NOT NULL,
	"points_per_unit" integer NOT NULL,
	CONSTRAINT "loyalty_earn_rates_key" UNIQUE("product","category","currency")
);
--> statement-breakpoint
CREATE TABLE "loyalty_levels" (
	"level" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"points_from" bigint NOT NULL,
	"cashback_percent" integer DEFAULT 0 NOT NULL,
	"shop_discount_percent" integer DEFAULT 0 NOT NULL,
	"image_url" text,
	CONSTRAINT "loyalty_levels_points_from_unique" UNIQUE("points_from")
);
--> statement-breakpoint
CREATE TABLE "loyalty_notifications" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"trigger" text NOT NULL,
	"type" text NOT NULL,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"amount" text,
	"amount_type" text,
	"image" text,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"seen_at" timestamp with time zone,
	CONSTRAINT "loyalty_notifications_key_unique" UNIQUE("key")
);
--> statement-breakpoint
CREATE TABLE "loyalty_points_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"kind" text NOT NULL,
	"delta" integer NOT NULL,
	"balance_after" integer NOT NULL,
	"lifetime_after" bigint NOT NULL,
	"idempotency_key" text NOT NULL,
	"meta" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_points_ledger_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "loyalty_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sysname" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"price_points" integer NOT NULL,
	"type" text NOT NULL,
	"template_code" text,
	"amount_minor" bigint,
	"currency" text,
	"min_level" integer DEFAULT 1 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "loyalty_products_sysname_unique" UNIQUE("sysname")
);
--> statement-breakpoint
CREATE TABLE "loyalty_program_progress" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_id" integer NOT NULL,
	"player_id" integer NOT NULL,
	"period" text NOT NULL,
	"progress" bigint DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"reward_status" text,
	CONSTRAINT "loyalty_program_progress_key" UNIQUE("program_id","player_id","period")
);
--> statement-breakpoint
CREATE TABLE "loyalty_programs" (
	"id" serial PRIMARY KEY NOT NULL,
	"sysname" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"image_url" text,
	"kind" text NOT NULL,
	"category" text,
	"target" bigint NOT NULL,
	"period" text DEFAULT 'once' NOT NULL,
	"reward_type" text NOT NULL,
	"reward_points" integer,
	"reward_template_code" text,
	"reward_amount_minor" bigint,
	"reward_currency" text,
	"min_level" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"is_active" boolean DEFAULT true NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "loyalty_programs_sysname_unique" UNIQUE("sysname")
);
--> statement-breakpoint
CREATE TABLE "loyalty_purchases" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"request_key" text NOT NULL,
	"price_points" integer NOT NULL,
	"grant" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loyalty_purchases_request_key_unique" UNIQUE("request_key")
);
--> statement-breakpoint
ALTER TABLE "loyalty_accounts" ADD COLUMN "lifetime_points" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loyalty_notifications" ADD CONSTRAINT "loyalty_notifications_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_points_ledger" ADD CONSTRAINT "loyalty_points_ledger_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_program_progress" ADD CONSTRAINT "loyalty_program_progress_program_id_loyalty_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."loyalty_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_program_progress" ADD CONSTRAINT "loyalty_program_progress_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_purchases" ADD CONSTRAINT "loyalty_purchases_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loyalty_purchases" ADD CONSTRAINT "loyalty_purchases_product_id_loyalty_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."loyalty_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loyalty_notifications_player_idx" ON "loyalty_notifications" USING btree ("player_id","id");--> statement-breakpoint
CREATE INDEX "loyalty_points_ledger_player_idx" ON "loyalty_points_ledger" USING btree ("player_id","id");