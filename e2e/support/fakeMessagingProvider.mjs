// A Twilio-compatible messaging API for the journeys (the server's SMS_API_URL): it keeps every
// message posted to /2010-04-01/Accounts/{sid}/Messages.json, with its account, and lists them at
// GET /messages, so a journey can see the SMS an alert sent as a phone company would have received it.
import { createServer } from 'node:http';

/** Starts the provider on `port`; answers a close function. */
export function startFakeMessagingProvider(port) {
  const messages = [];
  const server = createServer((request, response) => {
    if (request.method === 'GET' && request.url === '/messages') {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ messages }));
      return;
    }
    const match = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(request.url ?? '');
    if (request.method !== 'POST' || !match) {
      response.writeHead(404).end();
      return;
    }
    let body = '';
    request.setEncoding('utf8');
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      const form = new URLSearchParams(body);
      const [account] = Buffer.from((request.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':');
      const sid = `SM${messages.length.toString(16).padStart(32, '0')}`;
      messages.push({ sid, account, to: form.get('To'), from: form.get('From'), body: form.get('Body') });
      response.writeHead(201, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ sid, status: 'queued' }));
    });
  });
  server.listen(port, '127.0.0.1');
  return () => server.close();
}
