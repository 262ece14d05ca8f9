CREATE SEQUENCE "public"."support_ticket_numbers" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "support_tickets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer DEFAULT nextval('support_ticket_numbers') NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"type" text NOT NULL,
	"sub_type" text NOT NULL,
	"priority" text NOT NULL,
	"other_explanation" text DEFAULT '' NOT NULL,
	"impact" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"device_id" uuid,
	"device_name" text,
	"antenna_serial" text DEFAULT '' NOT NULL,
	"modem_serial" text DEFAULT '' NOT NULL,
	"account_id" uuid NOT NULL,
	"created_by" uuid,
	"created_by_name" text NOT NULL,
	"created_by_email" text NOT NULL,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_tickets" ADD CONSTRAINT "support_tickets_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "support_tickets_number_idx" ON "support_tickets" USING btree ("number");--> statement-breakpoint
CREATE INDEX "support_tickets_created_idx" ON "support_tickets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "support_tickets_status_created_idx" ON "support_tickets" USING btree ("status","created_at","id");