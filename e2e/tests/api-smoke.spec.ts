import { expect, test } from '@playwright/test';

// The platform as a fresh `npm start` serves it: the API, its docs, and the app on every route.
test('the server serves the API, its documentation and the app on every client route', async ({
  request,
  page,
}) => {
  const health = await request.get('/api/health');
  expect(await health.json()).toEqual({ status: 'ok', database: { engine: 'pglite', reachable: true } });
  const docs = await request.get('/api/docs/json');
  expect(Object.keys((await docs.json()).paths)).toContain('/api/sign-in');
  for (const path of ['/user/login', '/orgs', '/reports/1?token=x', '/no/such/page']) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.locator('#root')).not.toBeEmpty();
  }
});
