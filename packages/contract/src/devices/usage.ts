import { z } from 'zod';

/** `GET /v2/devices/{id}/usage?year&month`. */
export const deviceUsageQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  month: z.coerce.number().int().min(1).max(12),
});

const dailyValueSchema = z.object({
  /** Day of the month, 1-31. */
  day: z.number().int().min(1).max(31),
  /** Bytes used that day. */
  usageValue: z.number().min(0),
});

/** Usage of one device in one calendar month (spec 001 §3, "Usage"), in bytes. */
export const deviceUsageSchema = z.object({
  satelliteMonthlyUsage: z.number().min(0),
  cellularMonthlyUsage: z.number().min(0),
  satelliteDailyUsage: z.array(dailyValueSchema),
  cellularDailyUsage: z.array(dailyValueSchema),
});
export type DeviceUsage = z.infer<typeof deviceUsageSchema>;
