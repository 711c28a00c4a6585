ALTER TABLE "site" ADD COLUMN "first_request_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "site" ADD COLUMN "first_request_path" text;