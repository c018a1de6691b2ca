import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

import { test as bare } from '@playwright/test';

import { expect, test } from './fixtures';
import { PASSWORD, sql } from './support';

// Issue 9: a page of another origin on the same host (same site, so the SameSite=Strict
// cookie rides along) cannot change anything through the upload or form calls; the app
// refuses to be framed; and the app runs under its Content-Security-Policy without a
// violation. The foreign pages are not Pátio's, so their tests use Playwright's bare `test`
// (axe judges Pátio's pages, below and in every other spec).

const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** Serves `html` from another origin of this host (another port) until closed. */
async function foreignOrigin(html: string): Promise<{ url: string; server: Server }> {
  const server = createServer((_, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, server };
}

function demoCompany(): number {
  return Number(sql("SELECT id FROM companies WHERE name = 'Demo Agro'"));
}

bare('a page of another origin cannot upload images or sign the user out with their cookie', async ({ page, baseURL }) => {
  const company = demoCompany();
  const login = await page.request.post('/api/auth/login', {
    data: { email: 'usuario@patio.local', password: PASSWORD, company: null, recaptcha_token: '', page: 'staff' },
  });
  expect(login.status()).toBe(200);
  const saved = await page.request.post('/api/popups/save', {
    data: { id: null, title: `Alvo ${Date.now()}`, active: true, content: '<p>x</p>', company: { id: company } },
  });
  expect(saved.status()).toBe(201);
  const popup = (await saved.json()).id as number;
  const logoBefore = sql(`SELECT coalesce(logo, '') FROM companies WHERE id = ${company}`);

  const attack = await foreignOrigin(`<!doctype html><html lang="pt-BR"><head><title>Outra origem</title></head>
<body><main><h1>Outra origem</h1><p id="state">rodando</p></main><script>
const app = ${JSON.stringify(baseURL)};
const png = Uint8Array.from(atob('${PNG_1X1}'), (c) => c.charCodeAt(0));
function form(field, extra) {
  const fd = new FormData();
  for (const [k, v] of Object.entries(extra)) fd.append(k, v);
  fd.append(field, new Blob([png], { type: 'image/png' }), 'x.png');
  return fd;
}
(async () => {
  const opts = (body) => ({ method: 'POST', mode: 'no-cors', credentials: 'include', body });
  await fetch(app + '/api/popups/upload', opts(form('image', { id: '${popup}' }))).catch(() => {});
  await fetch(app + '/api/settings/upload', opts(form('logo', { company: '${company}' }))).catch(() => {});
  await fetch(app + '/api/auth/logout', { method: 'POST', mode: 'no-cors', credentials: 'include' }).catch(() => {});
  document.getElementById('state').textContent = 'pronto';
})();
</script></body></html>`);
  try {
    await page.goto(attack.url);
    await expect(page.locator('#state')).toHaveText('pronto');
  } finally {
    attack.server.close();
  }

  expect(sql(`SELECT coalesce(image_url, '') FROM popups WHERE id = ${popup}`)).toBe('');
  expect(sql(`SELECT coalesce(logo, '') FROM companies WHERE id = ${company}`)).toBe(logoBefore);
  // The refused sign-out did not run: the session stands.
  expect((await page.request.get('/api/auth/session')).status()).toBe(200);
  // The same upload from the app's own origin works (the check refuses origins, not uploads).
  const own = await page.request.post('/api/popups/upload', {
    headers: { Origin: baseURL as string },
    multipart: { id: String(popup), image: { name: 'x.png', mimeType: 'image/png', buffer: Buffer.from(PNG_1X1, 'base64') } },
  });
  expect(own.status(), await own.text()).toBe(200);
});

bare('the sign-in page refuses to be framed by another origin', async ({ page, baseURL }) => {
  const framer = await foreignOrigin(`<!doctype html><html lang="pt-BR"><head><title>Moldura</title></head>
<body><main><h1>Moldura</h1><iframe title="Pátio" src="${baseURL}/login" width="600" height="400"></iframe></main></body></html>`);
  try {
    await page.goto(framer.url);
    // Chromium replaces a refused frame with its error page; the app never renders inside.
    const child = () => page.frames().find((f) => f !== page.mainFrame());
    await expect.poll(() => child()?.url() ?? '', { timeout: 10_000 }).toMatch(/^chrome-error:/);
    await expect(page.frameLocator('iframe').locator('input[type="password"]')).toHaveCount(0);
  } finally {
    framer.server.close();
  }
});

test('the app runs under its Content-Security-Policy with no violation on its pages', async ({ page }) => {
  // Nine pages, each checked by axe as well: more than the default 30 s on a busy machine.
  test.setTimeout(90_000);
  const violations: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __csp: string[] }).__csp ??= [];
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
  const collect = async () => {
    const seen = await page.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []);
    violations.push(...seen);
  };
  await page.goto('/login');
  const headers = (await page.request.get('/login')).headers();
  expect(headers['content-security-policy']).toContain("frame-ancestors 'none'");
  await page.getByLabel('E-mail').fill('admin@patio.local');
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).not.toHaveURL(/\/login/);
  for (const path of ['/dashboard', '/empresas', '/clientes', '/transportadoras', '/usuarios', '/settings', '/logs', '/pedidos', '/produtos']) {
    await page.goto(path);
    await collect();
  }
  await page.goto('/app/login');
  await collect();
  expect(violations).toEqual([]);
});
