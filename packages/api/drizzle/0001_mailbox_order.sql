DROP INDEX "mail_message_to_created_at_idx";--> statement-breakpoint
ALTER TABLE "mail_message" ADD COLUMN "sequence" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "mail_message_sequence_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1);--> statement-breakpoint
CREATE INDEX "mail_message_to_idx" ON "mail_message" USING btree (lower("to"));