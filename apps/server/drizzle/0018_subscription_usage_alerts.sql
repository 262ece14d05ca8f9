CREATE TABLE "subscription_usage_alerts" (
	"subscription_id" uuid NOT NULL,
	"year" smallint NOT NULL,
	"month" smallint NOT NULL,
	"threshold" smallint NOT NULL,
	"data_limit_gb" integer NOT NULL,
	"reached_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"notified_at" timestamp with time zone,
	CONSTRAINT "subscription_usage_alerts_subscription_id_year_month_threshold_pk" PRIMARY KEY("subscription_id","year","month","threshold")
);
--> statement-breakpoint
ALTER TABLE "subscription_usage_alerts" ADD CONSTRAINT "subscription_usage_alerts_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "subscription_usage_alerts_month_idx" ON "subscription_usage_alerts" USING btree ("year","month","threshold","subscription_id");--> statement-breakpoint
CREATE INDEX "subscription_usage_alerts_pending_idx" ON "subscription_usage_alerts" USING btree ("reached_at") WHERE "subscription_usage_alerts"."notified_at" is null;--> statement-breakpoint
-- Usage recorded before usage alerts existed: the thresholds it has reached in the current and the
-- previous month (UTC) are recorded as already notified, so the first report after the upgrade
-- does not alert for them all at once (docs/decisions/038-usage-alerts.md).
INSERT INTO "subscription_usage_alerts" ("subscription_id", "year", "month", "threshold", "data_limit_gb", "notified_at")
SELECT u."subscription_id", u."year", u."month", t."threshold", s."data_limit_gb", now()
FROM "subscription_monthly_usage" u
JOIN "subscriptions" s ON s."id" = u."subscription_id"
CROSS JOIN (VALUES (80), (100)) AS t("threshold")
WHERE s."data_limit_gb" > 0 AND s."data_limit_gb" <> 9999
  AND (u."satellite_bytes"::numeric + u."cellular_bytes") * 100 >= s."data_limit_gb"::numeric * 1000000000 * t."threshold"
  AND make_date(u."year", u."month", 1) >= date_trunc('month', now() AT TIME ZONE 'UTC') - interval '1 month'
ON CONFLICT DO NOTHING;
