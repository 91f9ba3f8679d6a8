/** BLOB_URL: a bucket, an optional key prefix, the endpoint options and credentials that never show. */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config';
import { parseBlobUrl } from './blobUrl';

describe('BLOB_URL', () => {
  it('names a bucket with its endpoint, region, path style, key prefix and credentials', () => {
    expect(
      parseBlobUrl(
        's3://AKIAEXAMPLE:wJal%2FrXUtnFEMI%2BK7MDENG@plant-files/ferrite/prod?endpoint=http://127.0.0.1:9000&region=eu-west-1&forcePathStyle=true',
      ),
    ).toEqual({
      bucket: 'plant-files',
      prefix: 'ferrite/prod/',
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-west-1',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AKIAEXAMPLE', secretAccessKey: 'wJal/rXUtnFEMI+K7MDENG' },
    });
    expect(parseBlobUrl('s3://plant-files')).toEqual({
      bucket: 'plant-files',
      prefix: '',
      endpoint: undefined,
      region: undefined,
      forcePathStyle: false,
      credentials: undefined,
    });
  });

  it('takes the region from AWS_REGION when the URL names none, else us-east-1', () => {
    expect(loadConfig({ BLOB_URL: 's3://plant-files' }).blobBucket?.region).toBe('us-east-1');
    expect(loadConfig({ BLOB_URL: 's3://plant-files', AWS_REGION: 'eu-central-1' }).blobBucket?.region).toBe(
      'eu-central-1',
    );
    expect(
      loadConfig({ BLOB_URL: 's3://plant-files?region=eu-west-1', AWS_REGION: 'x' }).blobBucket?.region,
    ).toBe('eu-west-1');
    expect(loadConfig({}).blobBucket).toBeUndefined();
  });

  it('stops start-up naming BLOB_URL and what is wrong, without repeating the URL or its secret key', () => {
    const wrong = {
      'https://plant-files': 'must be an s3:// URL',
      's3://Plant_Files': 'names a bucket of 3 to 63',
      's3://plant-files/sp ace': 'key prefix',
      's3://plant-files?endpoint=ftp://x': 'endpoint must be an http:// or https:// URL',
      's3://plant-files?forcePathStyle=yes': 'forcePathStyle is true or false',
      's3://plant-files?bucket=x': 'not bucket',
      's3://AKIAEXAMPLE@plant-files': 'credentials come as ACCESS_KEY_ID:SECRET_ACCESS_KEY@',
      's3://AKIAEXAMPLE:s3cr%ZZet@plant-files': 'not percent-encoded properly',
    };
    for (const [url, problem] of Object.entries(wrong)) {
      const attempt = () => loadConfig({ BLOB_URL: url });
      expect(attempt, url).toThrow(ConfigError);
      expect(attempt, url).toThrow(problem);
      try {
        attempt();
      } catch (error) {
        const message = (error as Error).message;
        expect(message, url).toMatch(/BLOB_URL/);
        expect(message, url).not.toContain('AKIAEXAMPLE');
        expect(message, url).not.toContain('s3cr');
      }
    }
  });
});
