/** The renderer asks for the report's page with the caller's host, whatever proxies the server trusts. */
import { accessSync, constants } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { ReportRenderer } from './renderer';

const chromiumPath = loadConfig({}).chromiumPath;

let server: Server;
let origin: string;
const seen: { url: string; headers: IncomingHttpHeaders }[] = [];

beforeAll(async () => {
  try {
    accessSync(chromiumPath, constants.X_OK);
  } catch {
    throw new Error(`Chromium is needed at ${chromiumPath} (Debian's chromium package; CI installs it)`);
  }
  // Stands in for the app: a page the renderer takes for a drawn dashboard.
  server = createServer((request, response) => {
    seen.push({ url: request.url ?? '', headers: request.headers });
    response.setHeader('content-type', 'text/html');
    response.end('<!doctype html><title>view</title><div data-shared-dashboard>Plant</div>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('the report renderer', () => {
  it("asks for the page with the caller's host as Host, not as a forwarded header only a proxy may send", async () => {
    const renderer = new ReportRenderer({ executablePath: chromiumPath, log: pino({ level: 'silent' }) });
    try {
      const png = await renderer.render({
        origin,
        brandHost: 'plant.example.com:8443',
        path: '/dashboards/abc',
        storage: { key: 'k', value: 'v' },
        title: 'Plant',
        panelIndex: 0,
        format: 'png',
      });
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    } finally {
      await renderer.close();
    }
    const page = seen.find((request) => request.url === '/dashboards/abc');
    expect(page?.headers.host).toBe('plant.example.com:8443');
    expect(page?.headers['x-forwarded-host']).toBeUndefined();
  }, 60_000);
});
