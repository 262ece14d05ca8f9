import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

/** A message as the browser tests read it back. */
export interface CaughtMail {
  from: string;
  to: string[];
  replyTo: string;
  subject: string;
  text: string;
}

/**
 * A real SMTP server on loopback (`smtp-server`) that keeps what it receives, parsed by
 * `mailparser`, and shows it as JSON over HTTP (`GET /messages`): the servers under test send
 * their mail here (SMTP_URL), and the tests, in other processes, read it.
 */
export async function startMailCatcher(): Promise<{
  smtpUrl: string;
  httpUrl: string;
  stop: () => Promise<void>;
}> {
  const caught: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          const to = Array.isArray(mail.to) ? mail.to : mail.to ? [mail.to] : [];
          caught.push({
            from: mail.from?.text ?? '',
            to: to.flatMap((a) => a.value.map((v) => v.address ?? '')),
            replyTo: mail.replyTo?.text ?? '',
            subject: mail.subject ?? '',
            text: mail.text ?? '',
          });
          callback();
        })
        .catch(callback);
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const smtpPort = (smtp.server.address() as AddressInfo).port;

  const http: Server = createServer((request, response) => {
    if (request.url !== '/messages') {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(caught));
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  const httpPort = (http.address() as AddressInfo).port;

  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    stop: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    },
  };
}
