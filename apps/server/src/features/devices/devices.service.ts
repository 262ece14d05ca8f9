import type { Component, Device, DeviceList, DeviceListQuery, DeviceUsage } from '@aerie/contract';
import { assertCan } from '../../plugins/authorization.js';
import type { Principal } from '../../plugins/auth.js';
import type { Tenancy } from '../../plugins/tenancy.js';
import { parseDeviceQuery } from './device-query.js';
import { presentComponent, presentDevice, presentDeviceListItem } from './devices.presenter.js';
import { NotFoundError } from '../../plugins/errors.js';
import type { DevicesRepository } from './devices.repository.js';

export function createDevicesService(repo: DevicesRepository, tenancy: Tenancy) {
  return {
    /** `GET /v2/devices/{id}`: 404 for a device outside the caller's accounts as for a missing one. */
    async get(principal: Principal, id: string): Promise<Device> {
      assertCan(principal, 'devices.view');
      const rows = await repo.findById(await tenancy.scope(principal), id);
      if (!rows) throw new NotFoundError('Device not found.');
      return presentDevice(rows);
    },

    /** `GET /v2/devices/{id}/usage`: every day of the calendar month, zero where nothing was used. */
    async usage(
      principal: Principal,
      id: string,
      year: number,
      month: number,
    ): Promise<DeviceUsage> {
      assertCan(principal, 'devices.view');
      const scope = await tenancy.scope(principal);
      if (!(await repo.findById(scope, id))) throw new NotFoundError('Device not found.');
      const rows = new Map((await repo.dailyUsage(id, year, month)).map((r) => [r.day, r]));
      const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
      const satelliteDailyUsage = [];
      const cellularDailyUsage = [];
      for (let day = 1; day <= days; day++) {
        const row = rows.get(day);
        satelliteDailyUsage.push({ day, usageValue: row ? Number(row.satellite_bytes) : 0 });
        cellularDailyUsage.push({ day, usageValue: row ? Number(row.cellular_bytes) : 0 });
      }
      const sum = (list: { usageValue: number }[]) => list.reduce((n, d) => n + d.usageValue, 0);
      return {
        satelliteMonthlyUsage: sum(satelliteDailyUsage),
        cellularMonthlyUsage: sum(cellularDailyUsage),
        satelliteDailyUsage,
        cellularDailyUsage,
      };
    },

    /** `GET /v2/devices`: one page of the caller's devices with the requested fields. */
    async list(principal: Principal, query: DeviceListQuery): Promise<DeviceList> {
      assertCan(principal, 'devices.view');
      const q = parseDeviceQuery(query);
      const scope = await tenancy.scope(principal);
      const { rows, total } = await repo.list(scope, q);
      const byDevice = new Map<string, Component[]>();
      if (q.fields.has('Components')) {
        for (const row of await repo.componentsOf(rows.map((r) => r.id))) {
          const component = presentComponent(row);
          if (!component) continue;
          const list = byDevice.get(row.device_id) ?? [];
          list.push(component);
          byDevice.set(row.device_id, list);
        }
      }
      return {
        items: rows.map((r) => presentDeviceListItem(r, q.fields, byDevice.get(r.id) ?? [])),
        total,
      };
    },
  };
}
export type DevicesService = ReturnType<typeof createDevicesService>;
