CREATE TABLE "device_feature_certificates" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"kid" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"features" text[] NOT NULL,
	"public_key" text NOT NULL,
	"serial" text,
	"antenna_serial" text,
	"issued_by" uuid
);
--> statement-breakpoint
ALTER TABLE "device_feature_certificates" ADD CONSTRAINT "device_feature_certificates_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_feature_certificates" ADD CONSTRAINT "device_feature_certificates_issued_by_users_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;