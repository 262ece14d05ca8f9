import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_EVENT, type Notification } from '@aerie/contract';
import { onCredentialsChange } from '../../plugins/credentials-events.js';
import { LIVE_CHANNELS, type LiveBus } from '../../plugins/live-bus.js';
import type { NotificationAnnouncement, NotificationsService } from './notifications.service.js';

export const HEARTBEAT_MS = 25_000;
/** Open streams per user on one instance (tabs, devices); more answer 429. */
export const MAX_STREAMS_PER_USER = 10;
// setTimeout's longest delay; a later expiry is re-armed.
const MAX_TIMER_MS = 2 ** 31 - 1;

/** Server-Sent Events framing of one notification. */
export function notificationEvent(n: Notification): string {
  return `event: ${NOTIFICATION_EVENT}\nid: ${n.id}\ndata: ${JSON.stringify(n)}\n\n`;
}

/** What a stream was opened with: it lives only as long as these hold (plugins/auth.ts). */
export interface StreamCredentials {
  /** When the access token expires (ms since the epoch): the stream ends then. */
  expiresAt: number;
  /** Checks the token, the user and the API client again, bypassing caches. */
  stillValid(): Promise<boolean>;
}

export interface NotificationStreamOptions {
  heartbeatMs?: number;
  now?: () => number;
}

interface OpenStream {
  res: ServerResponse;
  /** Checks the stream's credentials again; ends it when they no longer hold. */
  recheck(): void;
}

/**
 * This instance's open notification streams. One bus subscription per process
 * dispatches announcements to the streams of the announced user. A stream ends when its token
 * expires, and when its credentials no longer hold: checked at every heartbeat and at once
 * when a change of the user's credentials is announced (credentials-events.ts).
 */
export function createNotificationStreams(
  service: NotificationsService,
  bus: LiveBus,
  log: FastifyBaseLogger,
  { heartbeatMs = HEARTBEAT_MS, now = Date.now }: NotificationStreamOptions = {},
) {
  const byUser = new Map<string, Set<OpenStream>>();

  async function deliver(announcement: NotificationAnnouncement): Promise<void> {
    const streams = byUser.get(announcement.userId);
    if (!streams || streams.size === 0) return;
    const notification = await service.load(announcement);
    if (!notification) return;
    const frame = notificationEvent(notification);
    for (const { res } of streams) res.write(frame);
  }

  const unsubscribe = bus.subscribe(LIVE_CHANNELS.notifications, (payload) => {
    const p = payload as Partial<NotificationAnnouncement>;
    if (typeof p.id !== 'string' || typeof p.userId !== 'string') return;
    deliver({ id: p.id, userId: p.userId }).catch((error: unknown) =>
      log.warn({ err: error }, 'could not deliver a live notification'),
    );
  });

  const unsubscribeCredentials = onCredentialsChange(bus, (userId) => {
    const affected = userId === null ? [...byUser.values()] : [byUser.get(userId) ?? []];
    for (const streams of affected) for (const stream of streams) stream.recheck();
  });

  return {
    hasRoom(userId: string): boolean {
      return (byUser.get(userId)?.size ?? 0) < MAX_STREAMS_PER_USER;
    },

    /** Takes over a hijacked response as an event stream until the client goes away or the credentials end. */
    open(userId: string, res: ServerResponse, credentials: StreamCredentials): void {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 5000\n: connected\n\n');
      const streams = byUser.get(userId) ?? new Set<OpenStream>();
      byUser.set(userId, streams);

      // The client reconnects; with credentials that no longer hold it gets a 401.
      const end = (reason: string) => {
        if (res.writableEnded) return;
        res.write(`: ${reason}\n\n`);
        res.end();
      };
      // One check at a time; a change announced during a check is checked again after it.
      let checking = false;
      let again = false;
      const stream: OpenStream = {
        res,
        recheck() {
          if (res.writableEnded) return;
          if (checking) {
            again = true;
            return;
          }
          checking = true;
          credentials
            .stillValid()
            .then((valid) => {
              if (!valid) end('credentials no longer valid');
            })
            .catch((error: unknown) =>
              log.warn({ err: error }, 'could not check the credentials of a live stream'),
            )
            .finally(() => {
              checking = false;
              if (again) {
                again = false;
                stream.recheck();
              }
            });
        },
      };
      streams.add(stream);

      let expiry: NodeJS.Timeout;
      const armExpiry = () => {
        const left = credentials.expiresAt - now();
        if (left <= 0) return end('token expired');
        expiry = setTimeout(armExpiry, Math.min(left, MAX_TIMER_MS));
      };
      armExpiry();
      const heartbeat = setInterval(() => {
        res.write(': heartbeat\n\n');
        stream.recheck();
      }, heartbeatMs);
      res.once('close', () => {
        clearInterval(heartbeat);
        clearTimeout(expiry);
        streams.delete(stream);
        if (streams.size === 0) byUser.delete(userId);
        // NOTE: a client going away half-closes the socket; Node keeps it open until the
        // response ends, which an event stream never does by itself.
        if (!res.writableEnded) res.destroy();
      });
    },

    /** Number of open streams on this instance (tests, health). */
    count(): number {
      let n = 0;
      for (const s of byUser.values()) n += s.size;
      return n;
    },

    /** Ends every stream so the server can close; clients reconnect elsewhere. */
    close(): void {
      unsubscribe();
      unsubscribeCredentials();
      for (const streams of byUser.values()) for (const { res } of streams) res.end();
    },
  };
}
export type NotificationStreams = ReturnType<typeof createNotificationStreams>;
