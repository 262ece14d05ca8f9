CREATE TABLE "diagnostic_entries" (
	"file_id" uuid NOT NULL,
	"path" text NOT NULL,
	"size" bigint NOT NULL,
	"mtime" timestamp with time zone NOT NULL,
	CONSTRAINT "diagnostic_entries_file_id_path_pk" PRIMARY KEY("file_id","path")
);
--> statement-breakpoint
CREATE TABLE "diagnostic_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"antenna_serial" text NOT NULL,
	"file_name" text NOT NULL,
	"file_hash" text NOT NULL,
	"file_size" bigint NOT NULL,
	"diagnostic_created_on" timestamp with time zone NOT NULL,
	"account_id" uuid NOT NULL,
	"device_id" uuid,
	"uploaded_by" uuid,
	"uploaded_on" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text DEFAULT 'Queued' NOT NULL,
	"status_message" text,
	"job_id" uuid,
	CONSTRAINT "diagnostic_files_status_check" CHECK ("diagnostic_files"."status" in ('Queued', 'Processing', 'Ready', 'Rejected'))
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "progress" real;--> statement-breakpoint
ALTER TABLE "diagnostic_entries" ADD CONSTRAINT "diagnostic_entries_file_id_diagnostic_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."diagnostic_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_files" ADD CONSTRAINT "diagnostic_files_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_files" ADD CONSTRAINT "diagnostic_files_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_files" ADD CONSTRAINT "diagnostic_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "diagnostic_files" ADD CONSTRAINT "diagnostic_files_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "diagnostic_files_serial_name_uq" ON "diagnostic_files" USING btree ("antenna_serial","file_name");--> statement-breakpoint
CREATE INDEX "diagnostic_files_serial_created_idx" ON "diagnostic_files" USING btree ("antenna_serial","diagnostic_created_on" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "diagnostic_files_hash_idx" ON "diagnostic_files" USING btree ("file_hash");--> statement-breakpoint
CREATE INDEX "diagnostic_files_device_idx" ON "diagnostic_files" USING btree ("device_id");--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_progress_check" CHECK ("jobs"."progress" between 0 and 1);