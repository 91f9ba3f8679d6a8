/**
 * The Content-Security-Policy of every answer: scripts only from this server's files (no inline script,
 * no eval), so injected markup cannot run code. It allows exactly what the web app uses: the MapLibre
 * worker as a same-origin file, the socket on this host, Mantine's and ECharts' inline styles, images
 * and fonts from this server or data:/blob: URLs, and the configured map style's hosts.
 */
import type { IncomingMessage } from 'node:http';
import type { Config } from '../../config';

type DirectiveValue = string | ((request: IncomingMessage) => string);
/** helmet's `contentSecurityPolicy.directives`: a directive name → its sources. */
export type CspDirectives = Record<string, DirectiveValue[]>;

// A Host header as browsers send it: a name or IPv4 address, or a bracketed IPv6 one, and a port.
// Anything else (spaces, semicolons) could add sources or directives, so it adds nothing.
const PLAIN_HOST = /^([a-z0-9.-]+|\[[0-9a-f:.]+\])(:\d{1,5})?$/i;

/**
 * The socket's ws:// and wss:// address on the host this page was served from. CSP 3's 'self' covers
 * them, but Safari before 15.4 did not; a brand may be served on several hosts, so it is per request.
 */
function sameHostSockets(request: IncomingMessage): string {
  const host = request.headers.host ?? '';
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : '';
}

/** The origins a configured map style's style JSON, tiles, glyphs and sprites are fetched from. */
export function mapOrigins(config: Pick<Config, 'mapStyleUrl' | 'mapTileOrigins'>): string[] {
  const origins = config.mapStyleUrl ? [new URL(config.mapStyleUrl).origin] : [];
  return [...new Set([...origins, ...config.mapTileOrigins])];
}

/** The policy's directives for helmet (which joins them and adds nothing else: `useDefaults: false`). */
export function contentSecurityPolicyDirectives(
  config: Pick<Config, 'mapStyleUrl' | 'mapTileOrigins'>,
): CspDirectives {
  const map = mapOrigins(config);
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // MapLibre's worker is a file of the build (setWorkerUrl), never a blob: or data: script.
    'worker-src': ["'self'"],
    // Mantine and ECharts set styles inline (style attributes, CSS variables in <style>); styles run no code.
    'style-src': ["'self'", "'unsafe-inline'"],
    // Image widgets and plan backgrounds may show any http(s) image (contracts imageUrlSchema); exports
    // and maps draw through data: and blob: URLs. An image runs no code.
    'img-src': ["'self'", 'data:', 'blob:', 'https:', 'http:'],
    'font-src': ["'self'", 'data:'],
    // The API, the socket (polling, then the WebSocket upgrade) and the map style's hosts.
    'connect-src': ["'self'", sameHostSockets, ...map],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
}
