-- The subscriptions list's default order (end date, id) answered from the index alone: the list
-- columns are included, so a page of an account tree filters on account_id in the index instead
-- of reading the rows it skips (docs/performance.md, "The subscriptions list"). Drizzle's schema
-- cannot say INCLUDE: fleet-schema.ts keeps the key columns and names this migration.
DROP INDEX IF EXISTS "subscriptions_end_idx";--> statement-breakpoint
CREATE INDEX "subscriptions_end_idx" ON "subscriptions" USING btree ("end_date","id") INCLUDE ("account_id","subscription_number","description","product_code","start_date");
