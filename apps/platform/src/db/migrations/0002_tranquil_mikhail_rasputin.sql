CREATE TABLE "player_storage" (
	"player_id" integer NOT NULL,
	"key" text NOT NULL,
	"value" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_storage_player_id_key_pk" PRIMARY KEY("player_id","key")
);
--> statement-breakpoint
ALTER TABLE "player_storage" ADD CONSTRAINT "player_storage_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;