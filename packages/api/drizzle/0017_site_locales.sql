CREATE TABLE "page_locale" (
	"page_id" text NOT NULL,
	"locale" text NOT NULL,
	"current_revision_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "page_locale_page_id_locale_pk" PRIMARY KEY("page_id","locale")
);
--> statement-breakpoint
ALTER TABLE "metadata_revision" ADD COLUMN "locale" text;--> statement-breakpoint
ALTER TABLE "site" ADD COLUMN "locales" jsonb;--> statement-breakpoint
ALTER TABLE "page_locale" ADD CONSTRAINT "page_locale_page_id_page_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."page"("id") ON DELETE cascade ON UPDATE no action;