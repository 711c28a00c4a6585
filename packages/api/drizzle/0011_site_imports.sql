CREATE TABLE "site_import" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"started_by_id" text,
	"source" jsonb NOT NULL,
	"head_source" text NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"error" text,
	"page_cap" integer NOT NULL,
	"found_count" integer DEFAULT 0 NOT NULL,
	"fetched_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"discovered_at" timestamp with time zone,
	"run_started_at" timestamp with time zone,
	"done_at_run_start" integer DEFAULT 0 NOT NULL,
	"change_set_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "site_import_item" (
	"id" text PRIMARY KEY NOT NULL,
	"import_id" text NOT NULL,
	"url" text NOT NULL,
	"path" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text,
	"metadata" jsonb,
	"unmapped" jsonb,
	"outcome" text,
	"fetched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "site" ADD COLUMN "ownership_token" text DEFAULT ('hm-' || replace(gen_random_uuid()::text, '-', '')) NOT NULL;--> statement-breakpoint
ALTER TABLE "site" ADD COLUMN "ownership_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site" ADD COLUMN "ownership_method" text;--> statement-breakpoint
ALTER TABLE "site_import" ADD CONSTRAINT "site_import_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_import" ADD CONSTRAINT "site_import_organization_id_organization_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organization"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_import" ADD CONSTRAINT "site_import_started_by_id_user_id_fk" FOREIGN KEY ("started_by_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_import" ADD CONSTRAINT "site_import_change_set_id_change_set_id_fk" FOREIGN KEY ("change_set_id") REFERENCES "public"."change_set"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_import_item" ADD CONSTRAINT "site_import_item_import_id_site_import_id_fk" FOREIGN KEY ("import_id") REFERENCES "public"."site_import"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "site_import_site_created_idx" ON "site_import" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "site_import_item_path_idx" ON "site_import_item" USING btree ("import_id","path" collate "C");--> statement-breakpoint
CREATE INDEX "site_import_item_status_idx" ON "site_import_item" USING btree ("import_id","status");