CREATE TABLE "drift_check" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"kind" text NOT NULL,
	"page_id" text,
	"requested_by_id" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"page_count" integer,
	"checked_count" integer DEFAULT 0 NOT NULL,
	"drifting_count" integer DEFAULT 0 NOT NULL,
	"result_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"alerted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "drift_result" (
	"check_id" text NOT NULL,
	"page_id" text NOT NULL,
	"path" text NOT NULL,
	"agent" text NOT NULL,
	"status" integer,
	"drifting" boolean NOT NULL,
	"findings" jsonb NOT NULL,
	"served" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "drift_result_check_id_page_id_agent_pk" PRIMARY KEY("check_id","page_id","agent")
);
--> statement-breakpoint
CREATE TABLE "live_check" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"page_id" text NOT NULL,
	"revision_id" text NOT NULL,
	"url" text NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"intended" jsonb NOT NULL,
	"previous" jsonb,
	"saved_at" timestamp with time zone NOT NULL,
	"elapsed_ms" integer,
	"attempts" integer DEFAULT 0 NOT NULL,
	"status" integer,
	"served" jsonb,
	"findings" jsonb,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "drift_check" ADD CONSTRAINT "drift_check_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drift_check" ADD CONSTRAINT "drift_check_page_id_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drift_result" ADD CONSTRAINT "drift_result_check_id_drift_check_id_fk" FOREIGN KEY ("check_id") REFERENCES "public"."drift_check"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "drift_result" ADD CONSTRAINT "drift_result_page_id_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_check" ADD CONSTRAINT "live_check_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_check" ADD CONSTRAINT "live_check_page_id_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."page"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_check" ADD CONSTRAINT "live_check_revision_id_metadata_revision_id_fk" FOREIGN KEY ("revision_id") REFERENCES "public"."metadata_revision"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "drift_check_site_created_idx" ON "drift_check" USING btree ("site_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "live_check_revision_idx" ON "live_check" USING btree ("revision_id");--> statement-breakpoint
CREATE INDEX "live_check_page_created_idx" ON "live_check" USING btree ("page_id","created_at");