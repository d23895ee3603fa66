CREATE TABLE "game_sessions" (
	"token" text PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"provider_id" text NOT NULL,
	"game_code" text NOT NULL,
	"currency" text NOT NULL,
	"mode" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "wallet_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" text NOT NULL,
	"transaction_uuid" text NOT NULL,
	"type" text NOT NULL,
	"state" text NOT NULL,
	"player_id" integer NOT NULL,
	"game_code" text NOT NULL,
	"round" text NOT NULL,
	"round_closed" boolean DEFAULT false NOT NULL,
	"currency" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"main_minor" bigint DEFAULT 0 NOT NULL,
	"bonus_minor" bigint DEFAULT 0 NOT NULL,
	"reference_transaction_uuid" text,
	"fingerprint" text NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "game_sessions" ADD CONSTRAINT "game_sessions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wallet_transactions" ADD CONSTRAINT "wallet_transactions_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "game_sessions_player_idx" ON "game_sessions" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_transactions_provider_uuid" ON "wallet_transactions" USING btree ("provider_id","transaction_uuid");--> statement-breakpoint
CREATE INDEX "wallet_transactions_player_idx" ON "wallet_transactions" USING btree ("player_id","created_at");