/**
 * Hostile variants of every operation of the OpenAPI document, derived from its path, query and body
 * schemas: a route added later gets them without anyone editing the walk.
 */
import { randomUUID } from 'node:crypto';
import { type IdsByField, type JsonSchema, propertyPaths, sampleOf, withValueAt } from './schemaSample';

/** One operation of the document, as the walk needs it. */
export interface ApiOperation {
  method: string;
  /** The OpenAPI path, `{name}` for path parameters. */
  path: string;
  query: { name: string; required: boolean; schema: JsonSchema }[];
  pathParams: string[];
  body?: { contentType: string; schema: JsonSchema };
}

/** One request the walk sends, named by what is hostile about it. */
export interface HostileRequest {
  variant: string;
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string | Buffer;
}

/** What the walk knows: real ids for path parameters and body fields, and the headers to send. */
export interface WalkContext {
  /** A real id for the path parameter `name` following the segment `previous`, if the walk has one. */
  pathValue(name: string, previous: string): string | undefined;
  ids: IdsByField;
  headers: Record<string, string>;
}

interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
        requestBody?: { content: Record<string, { schema?: JsonSchema }> };
      }
    >
  >;
}

/** Every operation of the document. */
export function operationsOf(doc: OpenApiDocument): ApiOperation[] {
  return Object.entries(doc.paths).flatMap(([path, operations]) =>
    Object.entries(operations).map(([method, operation]) => {
      const parameters = operation.parameters ?? [];
      const [contentType, content] = Object.entries(operation.requestBody?.content ?? {})[0] ?? [];
      return {
        method: method.toUpperCase(),
        path,
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, required: p.required ?? false, schema: p.schema ?? {} })),
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? ''),
        ...(contentType ? { body: { contentType, schema: content?.schema ?? {} } } : {}),
      };
    }),
  );
}

// A placeholder a JSON text carries where raw JSON (or raw bytes) goes in after stringify.
const RAW = '__walk_raw__';
const MEGABYTE = 'x'.repeat(1024 * 1024);
/** Invalid UTF-8: a lone continuation byte, an overlong NUL and bytes that never occur in UTF-8. */
const INVALID_UTF8 = Buffer.from([0x80, 0xc0, 0x80, 0xff, 0xfe]);

/** Hostile JSON values for a body property, as JSON text. */
const PROPERTY_VALUES: [string, string][] = [
  ['NUL character', JSON.stringify('walk\u0000name')],
  ['control characters', JSON.stringify('\u0001\u0007\u001b[2J\u007f\u0085')],
  ['1 MB string', JSON.stringify(MEGABYTE)],
  ['lone surrogate', '"\\ud800"'],
  ['1e309', '1e309'],
  ['-1', '-1'],
  ['2^63', '9223372036854775808'],
  ['0.5', '0.5'],
  ['boolean', 'true'],
  ['object', '{}'],
  ['null', 'null'],
];

/** Hostile query or path values, already percent-encoded. */
const PARAMETER_VALUES: [string, string][] = [
  ['NUL character', 'walk%00name'],
  ['control characters', '%01%07%1B%7F'],
  ['invalid UTF-8', '%80%C0%80%FF%FE'],
  ['20 kB string', 'x'.repeat(20_000)],
  ['1e309', '1e309'],
  ['-1', '-1'],
  ['2^63', '9223372036854775808'],
  ['-2^63-1', '-9223372036854775809'],
  ['NaN', 'NaN'],
  ['Infinity', 'Infinity'],
  ['0.5', '0.5'],
  ['malformed UUID', 'not-a-uuid'],
];

const PATH_VALUES: [string, string][] = [
  ...PARAMETER_VALUES.filter(([name]) => name !== '20 kB string'),
  ['2 kB segment', 'x'.repeat(2_000)],
  ['unknown id', randomUUID()],
  ['encoded slash', '..%2F..%2Fadmin'],
];

function encode(value: unknown): string {
  return encodeURIComponent(typeof value === 'string' ? value : JSON.stringify(value));
}

/** Builds every hostile request of one operation. */
export function hostileRequests(operation: ApiOperation, context: WalkContext): HostileRequest[] {
  const segments = operation.path.split('/');
  const pathValues: Record<string, string> = {};
  segments.forEach((segment, index) => {
    const name = segment.match(/^\{(\w+)\}$/)?.[1];
    if (name) pathValues[name] = context.pathValue(name, segments[index - 1] ?? '') ?? randomUUID();
  });
  const urlWith = (path: Record<string, string>, query: string[]) => {
    const filled = operation.path.replace(/\{(\w+)\}/g, (_, name: string) => path[name] ?? '');
    return query.length ? `${filled}?${query.join('&')}` : filled;
  };
  const baseQuery = operation.query
    .filter((q) => q.required)
    .map((q) => `${q.name}=${encode(sampleOf(q.schema, q.name, context.ids))}`);
  const bodySchema = operation.body?.schema ?? {};
  const jsonBody = !operation.body || operation.body.contentType.includes('json');
  const baseBody = operation.body && jsonBody ? sampleOf(bodySchema, '', context.ids) : undefined;
  const hasBody = ['POST', 'PUT', 'PATCH'].includes(operation.method);
  const baseContentType = operation.body?.contentType ?? 'application/json';
  const basePayload = (): string | Buffer | undefined => {
    if (!hasBody) return undefined;
    if (!jsonBody) return Buffer.from('walk binary body');
    return JSON.stringify(baseBody ?? {});
  };
  const request = (
    variant: string,
    options: {
      path?: Record<string, string>;
      query?: string[];
      payload?: string | Buffer;
      type?: string;
    } = {},
  ): HostileRequest => {
    const payload = 'payload' in options ? options.payload : basePayload();
    const type = options.type ?? baseContentType;
    return {
      variant,
      method: operation.method,
      url: urlWith(options.path ?? pathValues, options.query ?? baseQuery),
      headers: { ...context.headers, ...(payload !== undefined && type ? { 'content-type': type } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    };
  };

  const requests: HostileRequest[] = [request('as generated')];
  for (const name of operation.pathParams) {
    for (const [label, value] of PATH_VALUES) {
      requests.push(request(`path ${name}: ${label}`, { path: { ...pathValues, [name]: value } }));
    }
  }
  for (const param of operation.query) {
    const others = baseQuery.filter((q) => !q.startsWith(`${param.name}=`));
    for (const [label, value] of PARAMETER_VALUES) {
      requests.push(
        request(`query ${param.name}: ${label}`, { query: [...others, `${param.name}=${value}`] }),
      );
    }
    requests.push(
      request(`query ${param.name}: repeated`, { query: [...others, `${param.name}=1&${param.name}=2`] }),
    );
  }
  if (!hasBody) return requests;

  if (jsonBody) {
    for (const path of propertyPaths(bodySchema)) {
      const withRaw = JSON.stringify(withValueAt(baseBody, bodySchema, path, RAW, context.ids));
      for (const [label, raw] of PROPERTY_VALUES) {
        requests.push(
          request(`body ${path.join('.')}: ${label}`, { payload: withRaw.replace(`"${RAW}"`, raw) }),
        );
      }
      const [before, after] = withRaw.split(RAW);
      requests.push(
        request(`body ${path.join('.')}: invalid UTF-8`, {
          payload: Buffer.concat([Buffer.from(before ?? ''), INVALID_UTF8, Buffer.from(after ?? '')]),
        }),
      );
    }
    requests.push(
      request('body: unknown field', {
        payload: JSON.stringify({ ...(baseBody as object), walk_unknown_field: 'walk' }),
      }),
    );
  }
  const text = String(basePayload());
  const bodyVariants: [string, string | Buffer, string][] = [
    ['body: empty', '', 'application/json'],
    ['body: truncated JSON', text.slice(0, Math.max(2, Math.floor(text.length / 2))), 'application/json'],
    ['body: JSON null', 'null', 'application/json'],
    ['body: JSON array', '[]', 'application/json'],
    ['body: JSON string', '"walk"', 'application/json'],
    ['body: JSON 1e309', '1e309', 'application/json'],
    [
      'body: invalid UTF-8',
      Buffer.concat([Buffer.from('{"name":"'), INVALID_UTF8, Buffer.from('"}')]),
      'application/json',
    ],
    ['body: 100,000 nested arrays', `${'['.repeat(100_000)}${']'.repeat(100_000)}`, 'application/json'],
    ['body: JSON as text/plain', text, 'text/plain'],
    ['body: form encoded', 'name=walk', 'application/x-www-form-urlencoded'],
    ['body: XML', '<walk/>', 'application/xml'],
    ['body: multipart', '--walk--\r\n', 'multipart/form-data; boundary=walk'],
    ['body: JSON as latin1', text, 'application/json; charset=latin1'],
    ['body: binary', INVALID_UTF8, 'application/octet-stream'],
  ];
  for (const [variant, payload, type] of bodyVariants) requests.push(request(variant, { payload, type }));
  return requests;
}
