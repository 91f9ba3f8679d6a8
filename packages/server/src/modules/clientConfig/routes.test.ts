import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestPlatform, type TestPlatform } from '../../testing/testPlatform';

describe('GET /api/client-config', () => {
  describe('without MAP_STYLE_URL', () => {
    let platform: TestPlatform;
    beforeAll(async () => {
      platform = await createTestPlatform();
    });
    afterAll(() => platform.close());

    it('answers a null style without a token, so the map uses its offline style', async () => {
      const response = await platform.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ map_style_url: null });
    });
  });

  describe('with MAP_STYLE_URL', () => {
    let platform: TestPlatform;
    beforeAll(async () => {
      platform = await createTestPlatform({
        MAP_STYLE_URL: 'https://tiles.example.com/styles/basic/style.json',
      });
    });
    afterAll(() => platform.close());

    it('answers the configured style URL', async () => {
      const response = await platform.app.inject({ method: 'GET', url: '/api/client-config' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ map_style_url: 'https://tiles.example.com/styles/basic/style.json' });
    });
  });
});
