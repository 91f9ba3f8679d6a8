/**
 * BLOB_URL: the S3-compatible bucket the nodes keep their files in.
 *
 *   s3://[ACCESS_KEY_ID:SECRET_ACCESS_KEY@]bucket[/prefix]?endpoint=…&region=…&forcePathStyle=true
 *
 * Without credentials in the URL the AWS SDK's own chain finds them (AWS_ACCESS_KEY_ID /
 * AWS_SECRET_ACCESS_KEY / AWS_SESSION_TOKEN, a profile, an instance or container role). A message
 * about a bad URL never repeats the URL: it may hold a secret key.
 */
import { z } from 'zod';

/** Where the S3 blob store writes. */
export interface S3Location {
  bucket: string;
  /** Prepended to every key (`ferrite/` for s3://bucket/ferrite), so one bucket can serve several uses. */
  prefix: string;
  /** An S3-compatible server (MinIO, Ceph, Garage…); unset means AWS itself. */
  endpoint: string | undefined;
  /** Unset in the URL: AWS_REGION, else us-east-1 (filled by config.ts). */
  region: string | undefined;
  /** Bucket in the path (http://host/bucket/key) instead of the host name: most S3-compatible servers want it. */
  forcePathStyle: boolean;
  /** From the URL's user info; unset means the AWS SDK's default credential chain. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[\w.-]{1,200}$/;
const OPTIONS = new Set(['endpoint', 'region', 'forcePathStyle']);

/** Parses BLOB_URL; answers a problem in words (without the URL) when it is not a usable one. */
export function parseBlobUrl(value: string): S3Location | string {
  if (!/^s3:\/\//i.test(value) || !URL.canParse(value)) {
    return 'BLOB_URL must be an s3:// URL such as s3://bucket?region=eu-west-1';
  }
  const url = new URL(value);
  const bucket = url.hostname;
  if (!BUCKET.test(bucket))
    return 'BLOB_URL names a bucket of 3 to 63 lower-case letters, digits, dots or dashes';
  const segments = url.pathname.split('/').filter(Boolean);
  if (segments.some((segment) => !PREFIX_SEGMENT.test(segment) || segment === '.' || segment === '..')) {
    return 'BLOB_URL: the path after the bucket (a key prefix) holds letters, digits, _ . - and slashes only';
  }
  const unknown = [...url.searchParams.keys()].filter((name) => !OPTIONS.has(name));
  if (unknown.length > 0) {
    return `BLOB_URL takes the options endpoint, region and forcePathStyle; not ${unknown.join(', ')}`;
  }
  const endpoint = url.searchParams.get('endpoint') ?? undefined;
  if (endpoint !== undefined && (!URL.canParse(endpoint) || !/^https?:$/.test(new URL(endpoint).protocol))) {
    return 'BLOB_URL: endpoint must be an http:// or https:// URL';
  }
  const forcePathStyle = url.searchParams.get('forcePathStyle') ?? 'false';
  if (forcePathStyle !== 'true' && forcePathStyle !== 'false') {
    return 'BLOB_URL: forcePathStyle is true or false';
  }
  const region = url.searchParams.get('region') ?? undefined;
  if (region !== undefined && !/^[a-z0-9-]{1,40}$/.test(region))
    return 'BLOB_URL: region is a name such as eu-west-1';
  if (Boolean(url.username) !== Boolean(url.password)) {
    return 'BLOB_URL: credentials come as ACCESS_KEY_ID:SECRET_ACCESS_KEY@ (both, percent-encoded), or not at all';
  }
  let credentials: S3Location['credentials'];
  try {
    credentials = url.username
      ? { accessKeyId: decodeURIComponent(url.username), secretAccessKey: decodeURIComponent(url.password) }
      : undefined;
  } catch {
    return 'BLOB_URL: the credentials are not percent-encoded properly';
  }
  return {
    bucket,
    prefix: segments.map((segment) => `${segment}/`).join(''),
    endpoint,
    region,
    forcePathStyle: forcePathStyle === 'true',
    credentials,
  };
}

/** BLOB_URL in the configuration schema: unset means no bucket. */
export const blobUrlSchema = z
  .string()
  .optional()
  .transform((value, context) => {
    if (value === undefined) return undefined;
    const parsed = parseBlobUrl(value);
    if (typeof parsed === 'string') {
      context.addIssue({ code: 'custom', message: parsed });
      return z.NEVER;
    }
    return parsed;
  });
