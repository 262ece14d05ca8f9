import type pg from 'pg';
import type { deviceFeatureCertificates, featureTypes } from '../../db/fleet-schema.js';

export type FeatureTypeRow = Pick<typeof featureTypes.$inferSelect, 'shortcode' | 'enabled'>;

type CertificateRow = Omit<typeof deviceFeatureCertificates.$inferSelect, 'deviceId'>;

/**
 * The certificate last issued for a device, kept so every download answers the same token.
 * `features`, `serial`, `antennaSerial` and `publicKey` are what it binds: a change to any of
 * them issues a new one.
 */
export type StoredCertificate = Omit<CertificateRow, 'issuedAt'> & { issuedAt: string };

const CERTIFICATE_COLUMNS = `token, kid, issued_at as "issuedAt", features,
  public_key as "publicKey", serial, antenna_serial as "antennaSerial", issued_by as "issuedBy"`;

async function upsertCertificate(
  db: Pick<pg.Pool, 'query'>,
  deviceId: string,
  c: StoredCertificate,
): Promise<void> {
  await db.query(
    `insert into device_feature_certificates
       (device_id, token, kid, issued_at, features, public_key, serial, antenna_serial, issued_by)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)
     on conflict (device_id) do update set token = excluded.token, kid = excluded.kid,
       issued_at = excluded.issued_at, features = excluded.features,
       public_key = excluded.public_key, serial = excluded.serial,
       antenna_serial = excluded.antenna_serial, issued_by = excluded.issued_by`,
    [
      deviceId,
      c.token,
      c.kid,
      c.issuedAt,
      c.features,
      c.publicKey,
      c.serial,
      c.antennaSerial,
      c.issuedBy,
    ],
  );
}

export function createDeviceFeaturesRepository(pool: pg.Pool) {
  return {
    async featureTypes(): Promise<FeatureTypeRow[]> {
      const r = await pool.query<FeatureTypeRow>(
        'select shortcode, enabled from feature_types order by id',
      );
      return r.rows;
    },

    /**
     * Saves the features and the certificate issued for them together, so a reader never sees
     * the features of one save with the certificate of another. No certificate: none is kept.
     */
    async saveFeatures(
      id: string,
      features: readonly string[],
      certificate: StoredCertificate | null,
    ): Promise<void> {
      const client = await pool.connect();
      try {
        await client.query('begin');
        await client.query(
          'update devices set features = $2::text[], updated_at = now() where id = $1',
          [id, features],
        );
        if (certificate) await upsertCertificate(client, id, certificate);
        else
          await client.query('delete from device_feature_certificates where device_id = $1', [id]);
        await client.query('commit');
      } catch (error) {
        await client.query('rollback');
        throw error;
      } finally {
        client.release();
      }
    },

    async certificate(deviceId: string): Promise<StoredCertificate | null> {
      const r = await pool.query<CertificateRow>(
        `select ${CERTIFICATE_COLUMNS} from device_feature_certificates where device_id = $1`,
        [deviceId],
      );
      const row = r.rows[0];
      return row ? { ...row, issuedAt: row.issuedAt.toISOString() } : null;
    },

    async saveCertificate(deviceId: string, certificate: StoredCertificate): Promise<void> {
      await upsertCertificate(pool, deviceId, certificate);
    },
  };
}
export type DeviceFeaturesRepository = ReturnType<typeof createDeviceFeaturesRepository>;
