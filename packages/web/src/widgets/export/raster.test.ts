// @vitest-environment node
/**
 * PNG, JPEG and PDF need a real canvas, so this test bundles the export code (rasterHarness.ts) with
 * Vite and runs it in Debian's Chromium through playwright-core, then checks the files here: the PNG
 * signature and IHDR size, the JPEG markers and the PDF around the JPEG. Needs Debian's Chromium, as
 * the browser journeys do (README; .ci/run installs it).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { build } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jpegSize } from './pdf';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

let browser: Browser | undefined;
let exportAs: (variantId: string, format: 'PNG' | 'JPEG' | 'PDF', title: string) => Promise<Buffer>;

beforeAll(async () => {
  if (!existsSync(CHROMIUM))
    throw new Error(`Chromium is not at ${CHROMIUM}: apt-get install -y chromium, or set CHROMIUM_PATH`);
  const output = await build({
    configFile: false,
    mode: 'production',
    // Vitest runs with NODE_ENV=test, which would make Vite emit React's development JSX calls.
    oxc: { jsx: { runtime: 'automatic', development: false } },
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"' },
    build: {
      write: false,
      minify: false,
      lib: {
        entry: fileURLToPath(new URL('./rasterHarness.ts', import.meta.url)),
        formats: ['iife'],
        name: 'rasterHarness',
        fileName: 'harness',
      },
    },
  });
  const bundles = Array.isArray(output) ? output : [output];
  const chunk = bundles.flatMap((b) => ('output' in b ? b.output : [])).find((o) => o.type === 'chunk');
  if (chunk?.type !== 'chunk') throw new Error('The harness did not bundle');
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ARGS });
  const page = await browser.newPage();
  await page.setContent('<!doctype html><html><body></body></html>');
  await page.addScriptTag({ content: chunk.code });
  exportAs = async (variantId, format, title) => {
    const base64 = await page.evaluate(
      ([id, f, t]) =>
        (
          window as unknown as { widgetExport: (a: string, b: string, c: string) => Promise<string> }
        ).widgetExport(id!, f!, t!),
      [variantId, format, title],
    );
    return Buffer.from(base64, 'base64');
  };
}, 180_000);

afterAll(async () => {
  await browser?.close();
});

describe('picture exports in Chromium', () => {
  it('PNG: signature, IHDR at twice the widget size (pixel ratio 2)', async () => {
    const png = await exportAs('line.basic', 'PNG', 'Boiler temperature');
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(png.readUInt32BE(16)).toBe(1280);
    expect(png.readUInt32BE(20)).toBe(640);
    expect(png.subarray(png.length - 8, png.length - 4).toString('ascii')).toBe('IEND');
    // A drawn chart, not an empty canvas: far more than a blank image compresses to.
    expect(png.length).toBeGreaterThan(5_000);
  });

  it('PNG of an HTML kind (KPI) too', async () => {
    const png = await exportAs('kpi.temperature', 'PNG', 'Boiler');
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
  });

  it('JPEG: start and end markers and the frame size', async () => {
    const jpeg = await exportAs('gauge.pressure', 'JPEG', 'Pressure');
    expect([...jpeg.subarray(0, 2)]).toEqual([0xff, 0xd8]);
    expect([...jpeg.subarray(jpeg.length - 2)]).toEqual([0xff, 0xd9]);
    expect(jpegSize(new Uint8Array(jpeg))).toEqual({ width: 1280, height: 640 });
  });

  it('PDF: one page the widget size holding the JPEG', async () => {
    const pdf = await exportAs('column.basic', 'PDF', 'Energy');
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text).toContain('/MediaBox [0 0 480 240]');
    expect(text).toContain('/Filter /DCTDecode');
    const start = pdf.indexOf(Buffer.from([0xff, 0xd8, 0xff]));
    expect(start).toBeGreaterThan(0);
    expect(jpegSize(new Uint8Array(pdf.subarray(start)))).toEqual({ width: 1280, height: 640 });
  });
});
