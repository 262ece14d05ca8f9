-- The device list's natural order ("Camp 2" before "Camp 10"): the name lower-cased with every
-- run of digits zero-padded to 20 (longer runs are kept whole). Immutable, so it can compute a
-- stored generated column, which PostgreSQL keeps current on every insert and update.
CREATE OR REPLACE FUNCTION natural_sort_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    CASE WHEN m.part[1] ~ '^[0-9]' THEN lpad(m.part[1], greatest(length(m.part[1]), 20), '0')
         ELSE m.part[1] END,
    '' ORDER BY m.n), '')
  FROM regexp_matches(lower(value), '[0-9]+|[^0-9]+', 'g') WITH ORDINALITY AS m(part, n)
$$;--> statement-breakpoint
DROP INDEX "devices_account_name_idx";--> statement-breakpoint
DROP INDEX "devices_name_idx";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "name_sort_key" text GENERATED ALWAYS AS (natural_sort_key(name)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "devices_serial_asc_idx" ON "devices" USING btree ("serial","id") WHERE "devices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "devices_serial_desc_idx" ON "devices" USING btree ("serial" DESC NULLS LAST,"id" DESC NULLS FIRST) WHERE "devices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "devices_account_name_idx" ON "devices" USING btree ("account_id","name_sort_key") WHERE "devices"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "devices_name_idx" ON "devices" USING btree ("name_sort_key","id") WHERE "devices"."deleted_at" is null;