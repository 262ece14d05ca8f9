-- Emails are stored as login names (apps/server/src/features/users/email.ts normalizeEmail:
-- NFKC, trimmed, ASCII only, lower case) and compared with "=". lower() in SQL folded "İ" to
-- "i" where JavaScript did not, so one account had several names (docs/security.md).
-- ASCII addresses are rewritten here (NFKC leaves ASCII as it is; translate() lower-cases
-- ASCII the same way in every locale). An address with other characters is left as it is and
-- can no longer sign in: the constraint is NOT VALID so it does not stop the migration, and
-- every row written from now on must be normalised.
UPDATE "users" SET "email" = translate(btrim("email"), 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
WHERE octet_length("email") = char_length("email");--> statement-breakpoint
DROP INDEX "users_email_lower_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree ("email");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_email_normalized" CHECK ("users"."email" = translate("users"."email", 'ABCDEFGHIJKLMNOPQRSTUVWXYZ', 'abcdefghijklmnopqrstuvwxyz')
        and "users"."email" = btrim("users"."email") and octet_length("users"."email") = char_length("users"."email")) NOT VALID;
