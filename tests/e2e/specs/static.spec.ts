import { expect, test } from './fixtures';

// Issue 10 defect 12: a real icon, and a missing static file is an error, not the app's HTML.

test('the favicon is a real icon and the page links it', async ({ page, request }) => {
  const res = await request.get('/favicon.ico');
  expect(res.status()).toBe(200);
  expect(res.headers()['content-type']).toMatch(/^image\//);
  const body = await res.body();
  // ICO header: reserved 0, type 1.
  expect([...body.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
  await page.goto('/login');
  await expect(page.locator('link[rel="icon"]')).toHaveAttribute('href', /favicon\.ico$/);
});

test('a missing static file answers 404 while app routes still get the app', async ({ request }) => {
  for (const path of ['/missing.png', '/static/nope.js', '/nao-existe.css']) {
    const res = await request.get(path);
    expect(res.status(), path).toBe(404);
    expect(await res.text(), path).not.toMatch(/id="?root/);
  }
  const app = await request.get('/dashboard');
  expect(app.status()).toBe(200);
  expect(await app.text()).toMatch(/id="?root/);
});
