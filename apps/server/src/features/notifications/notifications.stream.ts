import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { NOTIFICATION_EVENT, type Notification } from '@aerie/contract';
import { LIVE_CHANNELS, type LiveBus } from '../../plugins/live-bus.js';
import type { NotificationAnnouncement, NotificationsService } from './notifications.service.js';

export const HEARTBEAT_MS = 25_000;
/** Open streams per user on one instance (tabs, devices); more answer 429. */
export const MAX_STREAMS_PER_USER = 10;

/** Server-Sent Events framing of one notification. */
export function notificationEvent(n: Notification): string {
  return `event: ${NOTIFICATION_EVENT}\nid: ${n.id}\ndata: ${JSON.stringify(n)}\n\n`;
}

/**
 * This instance's open notification streams. One bus subscription per process
 * dispatches announcements to the streams of the announced user.
 */
export function createNotificationStreams(
  service: NotificationsService,
  bus: LiveBus,
  log: FastifyBaseLogger,
) {
  const byUser = new Map<string, Set<ServerResponse>>();

  async function deliver(announcement: NotificationAnnouncement): Promise<void> {
    const streams = byUser.get(announcement.userId);
    if (!streams || streams.size === 0) return;
    const notification = await service.load(announcement);
    if (!notification) return;
    const frame = notificationEvent(notification);
    for (const res of streams) res.write(frame);
  }

  const unsubscribe = bus.subscribe(LIVE_CHANNELS.notifications, (payload) => {
    const p = payload as Partial<NotificationAnnouncement>;
    if (typeof p.id !== 'string' || typeof p.userId !== 'string') return;
    deliver({ id: p.id, userId: p.userId }).catch((error: unknown) =>
      log.warn({ err: error }, 'could not deliver a live notification'),
    );
  });

  return {
    hasRoom(userId: string): boolean {
      return (byUser.get(userId)?.size ?? 0) < MAX_STREAMS_PER_USER;
    },

    /** Takes over a hijacked response as an event stream until the client goes away. */
    open(userId: string, res: ServerResponse): void {
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-cache, no-transform',
        'x-accel-buffering': 'no',
      });
      res.write('retry: 5000\n: connected\n\n');
      const streams = byUser.get(userId) ?? new Set<ServerResponse>();
      byUser.set(userId, streams);
      streams.add(res);
      const heartbeat = setInterval(() => res.write(': heartbeat\n\n'), HEARTBEAT_MS);
      res.once('close', () => {
        clearInterval(heartbeat);
        streams.delete(res);
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
      for (const streams of byUser.values()) for (const res of streams) res.end();
    },
  };
}
export type NotificationStreams = ReturnType<typeof createNotificationStreams>;
