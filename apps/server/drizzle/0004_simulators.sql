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
ALTER TABLE "fleet_simulator_terminals" ADD CONSTRAINT "fleet_simulator_terminals_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;