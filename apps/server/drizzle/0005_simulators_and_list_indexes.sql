CREATE TABLE "fleet_simulator_terminals" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"heading_deg" real NOT NULL,
	"speed_kmh" real NOT NULL,
	"live_metrics" boolean DEFAULT false NOT NULL,
	"uptime_seconds" integer DEFAULT 0 NOT NULL,
	"last_tick_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "hub_simulator_remotes" (
	"remote_id" text PRIMARY KEY NOT NULL,
	"state" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "zones_account_idx";--> statement-breakpoint
ALTER TABLE "fleet_simulator_terminals" ADD CONSTRAINT "fleet_simulator_terminals_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "jobs_active_created_idx" ON "jobs" USING btree ("created_on" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" in ('Queued', 'Running');--> statement-breakpoint
CREATE INDEX "jobs_active_account_created_idx" ON "jobs" USING btree ("account_id","created_on" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "jobs"."status" in ('Queued', 'Running');--> statement-breakpoint
CREATE INDEX "subscriptions_start_idx" ON "subscriptions" USING btree ("start_date","id");--> statement-breakpoint
CREATE INDEX "subscriptions_description_idx" ON "subscriptions" USING btree (lower("description"),"id");--> statement-breakpoint
CREATE INDEX "subscriptions_number_trgm_idx" ON "subscriptions" USING gin ("subscription_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_description_trgm_idx" ON "subscriptions" USING gin ("description" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "subscriptions_product_code_trgm_idx" ON "subscriptions" USING gin ("product_code" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "zones_account_name_uq" ON "zones" USING btree ("account_id",lower("name"));--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_status_check" CHECK ("jobs"."status" in ('Queued', 'Running', 'Success', 'Error', 'PartialSuccess'));