CREATE TABLE "sandbox_kyc_applicants" (
	"id" text PRIMARY KEY NOT NULL,
	"external_user_id" text NOT NULL,
	"level_name" text NOT NULL,
	"status" text NOT NULL,
	"review_answer" text,
	"webhook_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyc_events" (
	"id" text PRIMARY KEY NOT NULL,
	"applicant_id" text NOT NULL,
	"type" text NOT NULL,
	"payload" text NOT NULL,
	"due_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"delivered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_kyc_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"applicant_id" text NOT NULL,
	"doc_set" text NOT NULL,
	"doc_type" text NOT NULL,
	"side" text NOT NULL,
	"file_name" text NOT NULL,
	"sha256" text NOT NULL,
	"mime" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_applicants" (
	"id" serial PRIMARY KEY NOT NULL,
	"player_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"applicant_id" integer NOT NULL,
	"doc_set" text NOT NULL,
	"doc_type" text,
	"status" text NOT NULL,
	"reject_label" text,
	"comment" text,
	"decided_by" text,
	"staff_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"applicant_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
ALTER TABLE "sandbox_kyc_events" ADD CONSTRAINT "sandbox_kyc_events_applicant_id_sandbox_kyc_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."sandbox_kyc_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_kyc_images" ADD CONSTRAINT "sandbox_kyc_images_applicant_id_sandbox_kyc_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."sandbox_kyc_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_applicants" ADD CONSTRAINT "kyc_applicants_player_id_players_id_fk" FOREIGN KEY ("player_id") REFERENCES "public"."players"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_applicant_id_kyc_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."kyc_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_webhook_events" ADD CONSTRAINT "kyc_webhook_events_applicant_id_kyc_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."kyc_applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_kyc_applicants_user_idx" ON "sandbox_kyc_applicants" USING btree ("external_user_id");--> statement-breakpoint
CREATE INDEX "sandbox_kyc_events_due_idx" ON "sandbox_kyc_events" USING btree ("due_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_kyc_images_side_idx" ON "sandbox_kyc_images" USING btree ("applicant_id","doc_set","side");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_applicants_player_idx" ON "kyc_applicants" USING btree ("player_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_applicants_external_idx" ON "kyc_applicants" USING btree ("provider","external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_set_idx" ON "kyc_documents" USING btree ("applicant_id","doc_set");