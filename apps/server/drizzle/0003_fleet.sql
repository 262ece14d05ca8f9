CREATE TABLE "component_models" (
	"shortcode" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"device_type_id" integer NOT NULL,
	"component_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_beams" (
	"device_id" uuid NOT NULL,
	"network_id" text NOT NULL,
	"is_required" boolean NOT NULL,
	"is_actually_on" boolean NOT NULL,
	"provisioned_on" timestamp with time zone,
	"activated_on" timestamp with time zone,
	CONSTRAINT "device_beams_device_id_network_id_pk" PRIMARY KEY("device_id","network_id")
);
--> statement-breakpoint
CREATE TABLE "device_components" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"type" text NOT NULL,
	"model_shortcode" text,
	"asset_id" text,
	"serial" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_daily_usage" (
	"device_id" uuid NOT NULL,
	"day" date NOT NULL,
	"satellite_bytes" bigint NOT NULL,
	"cellular_bytes" bigint NOT NULL,
	CONSTRAINT "device_daily_usage_device_id_day_pk" PRIMARY KEY("device_id","day")
);
--> statement-breakpoint
CREATE TABLE "device_network_configs" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"eth0_ip_address" text,
	"eth0_subnet_mask" text,
	"sat0_ip_address" text,
	"sat0_subnet_mask" text,
	"mgmt_ip_address" text,
	"mgmt_subnet_mask" text,
	"dhcp_gateway" text,
	"dhcp_client_ip_range_start" text,
	"dhcp_client_ip_range_end" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_products" (
	"product_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"family" text NOT NULL,
	"antenna_model" text,
	"geo_modem_model" text,
	"leo_modem_model" text,
	"buc_model" text,
	"hybrid_router_model" text
);
--> statement-breakpoint
CREATE TABLE "device_subscriptions" (
	"device_id" uuid NOT NULL,
	"subscription_id" uuid NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone,
	"active" boolean NOT NULL,
	CONSTRAINT "device_subscriptions_device_id_subscription_id_pk" PRIMARY KEY("device_id","subscription_id")
);
--> statement-breakpoint
CREATE TABLE "device_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"serial" text,
	"type" text DEFAULT 'terminal' NOT NULL,
	"product_code" text,
	"private" boolean DEFAULT false NOT NULL,
	"provisioned" boolean DEFAULT false NOT NULL,
	"activated" boolean DEFAULT false NOT NULL,
	"enable_cell_traffic" boolean DEFAULT false NOT NULL,
	"sync_in_progress" boolean DEFAULT false NOT NULL,
	"sync_started_at" timestamp with time zone,
	"salesforce_asset_id" text,
	"public_key" text,
	"features" text[] DEFAULT '{}'::text[] NOT NULL,
	"satellite_online" boolean,
	"cellular_online" boolean,
	"satellite_signal" real,
	"cellular_signal" real,
	"wifi" boolean,
	"beam" text,
	"satellite_last_updated" timestamp with time zone,
	"cellular_last_updated" timestamp with time zone,
	"latitude" double precision,
	"longitude" double precision,
	"satellite_location_updated_on" timestamp with time zone,
	"cellular_location_updated_on" timestamp with time zone,
	"software_current_version" text,
	"software_target_version" text,
	"software_locked" boolean DEFAULT false NOT NULL,
	"software_last_updated_on" timestamp with time zone,
	"software_last_checkin" timestamp with time zone,
	"hybrid_provisioned" boolean DEFAULT false NOT NULL,
	"hybrid_activated" boolean DEFAULT false NOT NULL,
	"cellular_activated" boolean DEFAULT false NOT NULL,
	"total_satellite_usage" bigint DEFAULT 0 NOT NULL,
	"total_cellular_usage" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"deleted_by" uuid
);
--> statement-breakpoint
CREATE TABLE "feature_types" (
	"id" integer PRIMARY KEY NOT NULL,
	"shortcode" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"enabled" boolean NOT NULL,
	CONSTRAINT "feature_types_shortcode_unique" UNIQUE("shortcode")
);
--> statement-breakpoint
CREATE TABLE "hub_networks" (
	"network_id" text PRIMARY KEY NOT NULL,
	"network_name" text NOT NULL,
	"display_name" text NOT NULL,
	"nms_type" text NOT NULL,
	"nms_id" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"device_id" uuid,
	"account_id" uuid NOT NULL,
	"created_by" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"status" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"result" jsonb,
	"finished_on" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "metric_providers" (
	"shortcode" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_series" (
	"device_id" uuid NOT NULL,
	"provider_shortcode" text NOT NULL,
	"metric_shortcode" text NOT NULL,
	"day" date NOT NULL,
	"seconds" integer[] NOT NULL,
	"values" real[] NOT NULL,
	CONSTRAINT "metric_series_device_id_provider_shortcode_metric_shortcode_day_pk" PRIMARY KEY("device_id","provider_shortcode","metric_shortcode","day")
);
--> statement-breakpoint
CREATE TABLE "metric_types" (
	"provider_shortcode" text NOT NULL,
	"shortcode" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"unit" text NOT NULL,
	CONSTRAINT "metric_types_provider_shortcode_shortcode_pk" PRIMARY KEY("provider_shortcode","shortcode")
);
--> statement-breakpoint
CREATE TABLE "network_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nms_type" text NOT NULL,
	"antenna_type" text NOT NULL,
	"modem_type" text NOT NULL,
	"beam_display_name" text NOT NULL,
	"template" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_configurations" (
	"device_id" uuid PRIMARY KEY NOT NULL,
	"eid" text,
	"msisdn" text,
	"cubic_lte_imsi" text,
	"tele2_lte_imsi" text,
	"cubic_dk_imsi" text,
	"cubic_fr_imsi" text,
	"batch" text,
	"profile" text,
	"form_factor" text,
	"grade" text,
	"sim_vendor" text,
	"checked_out_to" text
);
--> statement-breakpoint
CREATE TABLE "software_versions" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" text NOT NULL,
	"release_date" date NOT NULL,
	"minimum_required_version" text NOT NULL,
	CONSTRAINT "software_versions_version_unique" UNIQUE("version")
);
--> statement-breakpoint
CREATE TABLE "subscription_monthly_usage" (
	"subscription_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"satellite_bytes" bigint NOT NULL,
	"cellular_bytes" bigint NOT NULL,
	CONSTRAINT "subscription_monthly_usage_subscription_id_year_month_pk" PRIMARY KEY("subscription_id","year","month")
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"subscription_number" text,
	"description" text NOT NULL,
	"product_code" text NOT NULL,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"data_limit_gb" integer,
	"salesforce_object_id" text,
	"salesforce_account_id" text,
	"network_identifiers" text[],
	"nms_id" text,
	"has_satellite" boolean DEFAULT true NOT NULL,
	"has_cellular" boolean DEFAULT false NOT NULL,
	"can_provision" boolean DEFAULT true NOT NULL,
	"can_activate" boolean DEFAULT true NOT NULL,
	"pending_transfer_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "zones" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"coordinates" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "component_models" ADD CONSTRAINT "component_models_device_type_id_device_types_id_fk" FOREIGN KEY ("device_type_id") REFERENCES "public"."device_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_beams" ADD CONSTRAINT "device_beams_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_beams" ADD CONSTRAINT "device_beams_network_id_hub_networks_network_id_fk" FOREIGN KEY ("network_id") REFERENCES "public"."hub_networks"("network_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_components" ADD CONSTRAINT "device_components_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_components" ADD CONSTRAINT "device_components_model_shortcode_component_models_shortcode_fk" FOREIGN KEY ("model_shortcode") REFERENCES "public"."component_models"("shortcode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_daily_usage" ADD CONSTRAINT "device_daily_usage_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_network_configs" ADD CONSTRAINT "device_network_configs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_products" ADD CONSTRAINT "device_products_antenna_model_component_models_shortcode_fk" FOREIGN KEY ("antenna_model") REFERENCES "public"."component_models"("shortcode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_products" ADD CONSTRAINT "device_products_geo_modem_model_component_models_shortcode_fk" FOREIGN KEY ("geo_modem_model") REFERENCES "public"."component_models"("shortcode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_products" ADD CONSTRAINT "device_products_leo_modem_model_component_models_shortcode_fk" FOREIGN KEY ("leo_modem_model") REFERENCES "public"."component_models"("shortcode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_products" ADD CONSTRAINT "device_products_buc_model_component_models_shortcode_fk" FOREIGN KEY ("buc_model") REFERENCES "public"."component_models"("shortcode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_products" ADD CONSTRAINT "device_products_hybrid_router_model_component_models_shortcode_fk" FOREIGN KEY ("hybrid_router_model") REFERENCES "public"."component_models"("shortcode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_subscriptions" ADD CONSTRAINT "device_subscriptions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_subscriptions" ADD CONSTRAINT "device_subscriptions_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_product_code_device_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."device_products"("product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_deleted_by_users_id_fk" FOREIGN KEY ("deleted_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_series" ADD CONSTRAINT "metric_series_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_types" ADD CONSTRAINT "metric_types_provider_shortcode_metric_providers_shortcode_fk" FOREIGN KEY ("provider_shortcode") REFERENCES "public"."metric_providers"("shortcode") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_configurations" ADD CONSTRAINT "sim_configurations_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_monthly_usage" ADD CONSTRAINT "subscription_monthly_usage_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "zones" ADD CONSTRAINT "zones_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_components_device_idx" ON "device_components" USING btree ("device_id");--> statement-breakpoint
CREATE INDEX "device_components_serial_trgm_idx" ON "device_components" USING gin ("serial" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "device_subscriptions_subscription_idx" ON "device_subscriptions" USING btree ("subscription_id");--> statement-breakpoint
CREATE INDEX "devices_account_name_idx" ON "devices" USING btree ("account_id",lower("name")) WHERE "devices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "devices_name_idx" ON "devices" USING btree (lower("name"),"id") WHERE "devices"."deleted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "devices_serial_idx" ON "devices" USING btree ("serial") WHERE "devices"."serial" is not null and "devices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "devices_name_trgm_idx" ON "devices" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "devices_serial_trgm_idx" ON "devices" USING gin ("serial" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "jobs_account_created_idx" ON "jobs" USING btree ("account_id","created_on");--> statement-breakpoint
CREATE INDEX "jobs_device_idx" ON "jobs" USING btree ("device_id");--> statement-breakpoint
CREATE UNIQUE INDEX "network_templates_key_idx" ON "network_templates" USING btree ("nms_type","antenna_type","modem_type","beam_display_name");--> statement-breakpoint
CREATE INDEX "subscriptions_account_end_idx" ON "subscriptions" USING btree ("account_id","end_date");--> statement-breakpoint
CREATE INDEX "subscriptions_end_idx" ON "subscriptions" USING btree ("end_date","id");--> statement-breakpoint
CREATE INDEX "zones_account_idx" ON "zones" USING btree ("account_id");