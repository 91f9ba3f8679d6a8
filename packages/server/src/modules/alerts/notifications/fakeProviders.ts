/**
 * Test doubles that speak the real protocols: a Twilio-compatible messaging API (node:http, capturing
 * each message with its basic auth, answering 500 for as many calls as asked), an SMTP server
 * (smtp-server), and the jobs a test drives by hand (tests start no job workers).
 */
import { createServer, type Server } from 'node:http';
import { sql } from 'kysely';
import { SMTPServer } from 'smtp-server';
import type { Db } from '../../../platform/db/database';

export interface ProviderMessage {
  path: string;
  /** user:password from the basic auth header. */
  auth: string;
  to: string;
  from: string;
  body: string;
}

export interface FakeMessagingApi {
  url: string;
  messages: ProviderMessage[];
  /** Answers 500 to this many calls before answering 201 again. */
  failNext: number;
  close(): Promise<void>;
}

/** Starts a Twilio-compatible messaging API on the port. */
export async function startFakeMessagingApi(port: number): Promise<FakeMessagingApi> {
  const api: FakeMessagingApi = {
    url: `http://127.0.0.1:${port}`,
    messages: [],
    failNext: 0,
    close: async () => {},
  };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => {
      raw += chunk.toString();
    });
    request.on('end', () => {
      if (api.failNext > 0) {
        api.failNext--;
        response.writeHead(500, { 'content-type': 'application/json' }).end('{"message":"busy"}');
        return;
      }
      const form = new URLSearchParams(raw);
      const header = request.headers.authorization ?? '';
      api.messages.push({
        path: request.url ?? '',
        auth: Buffer.from(header.replace(/^Basic /, ''), 'base64').toString(),
        to: form.get('To') ?? '',
        from: form.get('From') ?? '',
        body: form.get('Body') ?? '',
      });
      response.writeHead(201, { 'content-type': 'application/json' }).end('{"sid":"SM1","status":"queued"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  api.close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return api;
}

export interface ReceivedMail {
  to: string[];
  raw: string;
}

/** Starts an SMTP server on the port that keeps every message. */
export async function startSmtpServer(
  port: number,
): Promise<{ mails: ReceivedMail[]; close(): Promise<void> }> {
  const mails: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on('end', () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(port, '127.0.0.1', resolve));
  return { mails, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** Takes the queued jobs of a name out of the queue (answers their ids and data), as a worker would. */
export async function takeJobs<T>(db: Db, name: string): Promise<{ id: string; data: T }[]> {
  const result = await sql<{ id: string; data: T }>`
    delete from pgboss.job where name = ${name} and state = 'created' returning id::text as id, data`.execute(
    db,
  );
  return result.rows;
}

/** Creates the job queues (as `define` would) without workers, so sent jobs wait for the test to take them. */
export async function createQueues(db: Db, queues: Record<string, 'standard' | 'short'>): Promise<void> {
  for (const [name, policy] of Object.entries(queues))
    await sql`select pgboss.create_queue(${name}, ${JSON.stringify({ policy })}::json)`.execute(db);
}
