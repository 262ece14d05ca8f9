-- Sign-in throttling counts attempts per bucket with an exponential back-off instead of locking
-- a login name (docs/security.md). The old per-name counters are dropped: they only ever held
-- the last 15 minutes.
CREATE TABLE "credential_throttle" (
	"key" text PRIMARY KEY NOT NULL,
	"attempts" integer NOT NULL,
	"last_attempt_at" timestamp with time zone NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
DROP TABLE "login_throttle" CASCADE;--> statement-breakpoint
CREATE INDEX "credential_throttle_last_attempt_idx" ON "credential_throttle" USING btree ("last_attempt_at");