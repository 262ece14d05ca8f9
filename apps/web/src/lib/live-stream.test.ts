import { describe, expect, it } from 'vitest';
import { createSseParser, startLiveStream, type ServerSentEvent } from './live-stream';

describe('startLiveStream', () => {
  it('asks for the stream at low priority, with the token as a header', async () => {
    const calls: RequestInit[] = [];
    const stop = startLiveStream({
      url: '/v2/stream',
      getAccessToken: () => Promise.resolve('t0ken'),
      onEvent: () => undefined,
      fetch: (_input, init) => {
        calls.push(init ?? {});
        return new Promise<Response>(() => undefined);
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 0));
    stop();
    expect(calls).toHaveLength(1);
    expect(calls[0]?.priority).toBe('low');
    expect((calls[0]?.headers as Record<string, string>)['Authorization']).toBe('Bearer t0ken');
  });
});

describe('createSseParser', () => {
  it('parses named events split across chunks and skips comments', () => {
    const events: ServerSentEvent[] = [];
    const parse = createSseParser((event) => events.push(event));

    parse(': keep-alive\n\nevent: Notifi');
    parse('cation\ndata: {"id":1}\n');
    parse('\nevent: Other\r\ndata: a\r\ndata: b\r\n\r\n');

    expect(events).toEqual([
      { event: 'Notification', data: '{"id":1}' },
      { event: 'Other', data: 'a\nb' },
    ]);
  });

  it('keeps the event name when a CRLF line break is split across chunks', () => {
    const events: ServerSentEvent[] = [];
    const parse = createSseParser((event) => events.push(event));

    parse('event: Notification\r');
    parse('\ndata: {"id":1}\r\n\r\n');

    expect(events).toEqual([{ event: 'Notification', data: '{"id":1}' }]);
  });

  it('names an event without an event field "message" and keeps its id', () => {
    const events: ServerSentEvent[] = [];
    const parse = createSseParser((event) => events.push(event));

    parse('id: 7\ndata: x\n\n');

    expect(events).toEqual([{ event: 'message', data: 'x', id: '7' }]);
  });
});
