-- A notification's entity type is the first segment of the page it leads to
-- (/{entityType}/{entityId}/overview, spec 000 §2.8). Hub jobs stored 'device', which is no
-- route ("Page not found"); the route is /devices/{id}/overview.
UPDATE "notifications" SET "entity_type" = 'devices' WHERE "entity_type" = 'device';
