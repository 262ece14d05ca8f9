import type pg from 'pg';
import type { NetworkConfigurationField, NetworkTemplateKey } from '@aerie/contract';
import type {
  componentModels,
  deviceComponents,
  hubNetworks,
  networkTemplates,
} from '../../db/fleet-schema.js';
import { inTransaction } from '../../db/transaction.js';

export type ComponentRow = Pick<
  typeof deviceComponents.$inferSelect,
  'type' | 'serial' | 'modelShortcode' | 'assetId'
>;

export type NetworkRow = typeof hubNetworks.$inferSelect;

export type TemplateRow = Pick<
  typeof networkTemplates.$inferSelect,
  'nmsType' | 'antennaType' | 'modemType' | 'beamDisplayName' | 'updatedAt'
> & {
  /** The jsonb column holds the object the contract's template body allows. */
  template: Record<string, unknown>;
};

const TEMPLATE_COLUMNS = `nms_type as "nmsType", antenna_type as "antennaType",
  modem_type as "modemType", beam_display_name as "beamDisplayName", template,
  updated_at as "updatedAt"`;

/** Column of each network configuration field. */
const CONFIG_COLUMNS: Record<NetworkConfigurationField, string> = {
  eth0IpAddress: 'eth0_ip_address',
  eth0SubnetMask: 'eth0_subnet_mask',
  sat0IpAddress: 'sat0_ip_address',
  sat0SubnetMask: 'sat0_subnet_mask',
  mgmtIpAddress: 'mgmt_ip_address',
  mgmtSubnetMask: 'mgmt_subnet_mask',
  dhcpGateway: 'dhcp_gateway',
  dhcpClientIpRangeStart: 'dhcp_client_ip_range_start',
  dhcpClientIpRangeEnd: 'dhcp_client_ip_range_end',
};
const FIELDS = Object.keys(CONFIG_COLUMNS) as NetworkConfigurationField[];
const SELECT_CONFIG = FIELDS.map((f) => `${CONFIG_COLUMNS[f]} as "${f}"`).join(', ');

export type StoredNetworkConfig = Record<NetworkConfigurationField, string | null>;

/**
 * The SQL of the device configuration calls. The device is found within the caller's accounts
 * through the devices feature's `DeviceInScope` port before any of these run.
 */
export function createDeviceConfigRepository(pool: pg.Pool) {
  return {
    /** Writes the configuration (insert or update); `null` removes it. Answers what is stored. */
    async saveNetworkConfig(
      deviceId: string,
      config: StoredNetworkConfig | null,
    ): Promise<StoredNetworkConfig | null> {
      if (!config) {
        await pool.query('delete from device_network_configs where device_id = $1', [deviceId]);
        return null;
      }
      const columns = FIELDS.map((f) => CONFIG_COLUMNS[f]);
      const { rows } = await pool.query<StoredNetworkConfig>(
        `insert into device_network_configs (device_id, ${columns.join(', ')}, updated_at)
         values ($1, ${columns.map((_, i) => `$${i + 2}`).join(', ')}, now())
         on conflict (device_id) do update set
           ${columns.map((c) => `${c} = excluded.${c}`).join(', ')}, updated_at = now()
         returning ${SELECT_CONFIG}`,
        [deviceId, ...FIELDS.map((f) => config[f])],
      );
      return rows[0]!;
    },

    async components(deviceId: string): Promise<ComponentRow[]> {
      const { rows } = await pool.query<ComponentRow>(
        `select type, serial, model_shortcode as "modelShortcode", asset_id as "assetId"
           from device_components
          where device_id = $1 order by type, serial`,
        [deviceId],
      );
      return rows;
    },

    /** Component type of each of these model shortcodes that exists. */
    async modelTypes(shortcodes: readonly string[]): Promise<Map<string, string>> {
      const { rows } = await pool.query<
        Pick<typeof componentModels.$inferSelect, 'shortcode' | 'componentType'>
      >(
        `select shortcode, component_type as "componentType" from component_models
          where shortcode = any($1::text[])`,
        [shortcodes],
      );
      return new Map(rows.map((r) => [r.shortcode, r.componentType]));
    },

    async setComponentModels(
      deviceId: string,
      changes: readonly { type: string; serial: string; model: string | null }[],
    ): Promise<void> {
      await inTransaction(pool, async (client) => {
        for (const c of changes) {
          await client.query(
            `update device_components set model_shortcode = $4
              where device_id = $1 and type = $2 and serial = $3`,
            [deviceId, c.type, c.serial, c.model],
          );
        }
        await client.query('update devices set updated_at = now() where id = $1', [deviceId]);
      });
    },

    /**
     * The hub (NMS) serving the device: its active subscription's, else the hub of the beams it
     * is on already.
     */
    async deviceNmsId(deviceId: string): Promise<string | null> {
      const { rows } = await pool.query<{ nms_id: string | null }>(
        `select coalesce(
           (select s.nms_id from device_subscriptions ds join subscriptions s on s.id = ds.subscription_id
             where ds.device_id = $1 and ds.active and s.nms_id is not null
             order by ds.start_date desc limit 1),
           (select n.nms_id from device_beams b join hub_networks n using (network_id)
             where b.device_id = $1 order by b.is_required desc, n.network_id limit 1)) as nms_id`,
        [deviceId],
      );
      return rows[0]?.nms_id ?? null;
    },

    async networks(): Promise<NetworkRow[]> {
      const { rows } = await pool.query<NetworkRow>(
        `select network_id as "networkId", network_name as "networkName",
                display_name as "displayName", nms_type as "nmsType", nms_id as "nmsId"
           from hub_networks order by display_name, network_id`,
      );
      return rows;
    },

    async requiredNetworkIds(deviceId: string): Promise<Set<string>> {
      const { rows } = await pool.query<{ network_id: string }>(
        'select network_id from device_beams where device_id = $1 and is_required',
        [deviceId],
      );
      return new Set(rows.map((r) => r.network_id));
    },

    /**
     * Makes exactly `networkIds` the device's required beams. Beams no longer required stay
     * listed while the hub still has the remote on them (the next sync removes them).
     */
    async setRequiredNetworks(deviceId: string, networkIds: readonly string[]): Promise<void> {
      await inTransaction(pool, async (client) => {
        await client.query(
          `update device_beams set is_required = (network_id = any($2::text[])) where device_id = $1`,
          [deviceId, networkIds],
        );
        await client.query(
          `insert into device_beams (device_id, network_id, is_required, is_actually_on)
           select $1, id, true, false from unnest($2::text[]) as id
           on conflict (device_id, network_id) do update set is_required = true`,
          [deviceId, networkIds],
        );
        await client.query(
          'delete from device_beams where device_id = $1 and not is_required and not is_actually_on',
          [deviceId],
        );
        await client.query('update devices set updated_at = now() where id = $1', [deviceId]);
      });
    },

    /** The base modem types that exist (the families templates are written for). */
    async baseModemTypes(): Promise<Set<string>> {
      const { rows } = await pool.query<{ base_modem_type: string }>(
        'select distinct base_modem_type from component_models where base_modem_type is not null',
      );
      return new Set(rows.map((r) => r.base_modem_type));
    },

    /** A template by its key; text fields match case-insensitively. */
    async findTemplate(key: NetworkTemplateKey): Promise<TemplateRow | null> {
      const { rows } = await pool.query<TemplateRow>(
        `select ${TEMPLATE_COLUMNS}
           from network_templates
          where lower(nms_type) = lower($1) and antenna_type = $2
            and lower(modem_type) = lower($3) and lower(beam_display_name) = lower($4)
          limit 1`,
        [key.nmsType, key.antennaType, key.modemType, key.beamDisplayName],
      );
      return rows[0] ?? null;
    },

    async saveTemplate(key: NetworkTemplateKey, template: unknown): Promise<TemplateRow> {
      const { rows } = await pool.query<TemplateRow>(
        `insert into network_templates (nms_type, antenna_type, modem_type, beam_display_name, template)
         values ($1, $2, $3, $4, $5::jsonb)
         on conflict (nms_type, antenna_type, modem_type, beam_display_name)
           do update set template = excluded.template, updated_at = now()
         returning ${TEMPLATE_COLUMNS}`,
        [
          key.nmsType,
          key.antennaType,
          key.modemType,
          key.beamDisplayName,
          JSON.stringify(template),
        ],
      );
      return rows[0]!;
    },
  };
}
export type DeviceConfigRepository = ReturnType<typeof createDeviceConfigRepository>;
