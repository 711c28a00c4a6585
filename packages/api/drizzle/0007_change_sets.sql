CREATE TABLE "change_set" (
	"id" text PRIMARY KEY NOT NULL,
	"site_id" text NOT NULL,
	"author_id" text,
	"note" text,
	"source" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"undoes_id" text,
	"undone_by_id" text,
	"item_count" integer DEFAULT 0 NOT NULL,
	"counts" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"applied_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "change_set_item" (
	"change_set_id" text NOT NULL,
	"page_id" text,
	"path" text NOT NULL,
	"base_revision_id" text,
	"metadata" jsonb NOT NULL,
	"result" text,
	"revision_id" text
);
--> statement-breakpoint
ALTER TABLE "metadata_revision" ADD COLUMN "change_set_id" text;--> statement-breakpoint
ALTER TABLE "change_set" ADD CONSTRAINT "change_set_site_id_site_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."site"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_set" ADD CONSTRAINT "change_set_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "change_set_item" ADD CONSTRAINT "change_set_item_change_set_id_change_set_id_fk" FOREIGN KEY ("change_set_id") REFERENCES "public"."change_set"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "change_set_site_created_idx" ON "change_set" USING btree ("site_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "change_set_item_path_idx" ON "change_set_item" USING btree ("change_set_id","path" collate "C");--> statement-breakpoint
ALTER TABLE "metadata_revision" ADD CONSTRAINT "metadata_revision_change_set_id_change_set_id_fk" FOREIGN KEY ("change_set_id") REFERENCES "public"."change_set"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metadata_revision_change_set_idx" ON "metadata_revision" USING btree ("change_set_id");