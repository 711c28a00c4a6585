ALTER TABLE "drift_result" ADD COLUMN "locale" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "drift_result" DROP CONSTRAINT "drift_result_check_id_page_id_agent_pk";--> statement-breakpoint
ALTER TABLE "drift_result" ADD CONSTRAINT "drift_result_check_id_page_id_locale_agent_pk" PRIMARY KEY("check_id","page_id","locale","agent");--> statement-breakpoint
ALTER TABLE "live_check" ADD COLUMN "locale" text;
