CREATE TABLE "subscription_plans" (
	"plan_code" text PRIMARY KEY NOT NULL,
	"product_code" text NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"mobility_type" text NOT NULL,
	"satellite_network" text NOT NULL,
	"cellular_network" text,
	"term_months" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_products" (
	"product_code" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"data_limit_gb" integer NOT NULL,
	"has_satellite" boolean NOT NULL,
	"has_cellular" boolean NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "configurator_visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "msrp_prices_visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "wholesale_prices_visible" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "commercial_price_book" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "military_price_book" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_active_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "component_models" ADD COLUMN "base_modem_type" text;--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD CONSTRAINT "subscription_plans_product_code_subscription_products_product_code_fk" FOREIGN KEY ("product_code") REFERENCES "public"."subscription_products"("product_code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_plans_product_idx" ON "subscription_plans" USING btree ("product_code");--> statement-breakpoint
CREATE INDEX "users_last_active_idx" ON "users" USING btree ("last_active_at");