CREATE INDEX "error_reports_user_created_idx" ON "error_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "telemetry_events_received_idx" ON "telemetry_events" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "telemetry_events_user_received_idx" ON "telemetry_events" USING btree ("user_id","received_at");