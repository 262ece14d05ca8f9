-- Permissions are the contract's role table (packages/contract/src/roles.ts); the copy in the
-- database could disagree with it, so it goes.
DROP TABLE "role_permissions";--> statement-breakpoint
DROP TABLE "permissions";
