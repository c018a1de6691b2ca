import { expect, expectAccessible, test, type Page } from './fixtures';
import { closeQueueVehicle, queueVehicle, signIn, unique } from './support';

// Issue 13, the public expedition panel: a screen in the yard opens /painel without signing in
// (the company is the one that serves the host) and a vehicle that joins meanwhile appears on
// it without a reload; the Expedição opens the same panel at /elemidia, and the driver its own
// expedition panel at /app/painel.

const run = unique();

test.afterAll(() => closeQueueVehicle(run));

test('the public panel shows the host company and a vehicle that joins appears at once', async ({ page, browser }) => {
  test.setTimeout(90_000);
  // The yard's screen: no session at all.
  const screen = await (await browser.newContext()).newPage();
  await screen.goto('/painel');
  await expect(screen.getByRole('heading', { name: 'Demo Agro', level: 1 })).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'Em atendimento' })).toBeVisible();
  await expect(screen.getByRole('heading', { name: 'Próximos Veículos' })).toBeVisible();
  await expect(screen.getByText(/Atualizado às \d\d:\d\d/)).toBeVisible();
  await expectAccessible(screen);

  // The Expedição's yard screen, opened from its panel, shows the same panel.
  const panel = await (await browser.newContext()).newPage();
  await signIn(panel, '/expedicao', 'expedicao@patio.local', '/expedicao/painel');
  const opened = panel.waitForEvent('popup');
  await panel.getByRole('link', { name: 'Painel público' }).click();
  const dispatch = await opened;
  await expect(dispatch).toHaveURL(/\/elemidia$/);
  await expect(dispatch.getByRole('heading', { name: 'Demo Agro', level: 1 })).toBeVisible();
  await expectAccessible(dispatch);

  await signIn(page, '/login', 'usuario@patio.local', '/dashboard');
  const v = await queueVehicle(page.request, run);
  // The driver's own expedition panel on the phone, open before the vehicle joins.
  const phone = await (await browser.newContext({ viewport: { width: 360, height: 640 } })).newPage();
  const login = await phone.request.post('/api/auth/app/login', {
    data: { cpf: v.cpf, company: { id: await demoId(page) }, birthDate: '1988-04-05', recaptcha_token: '' },
  });
  expect(login.status(), await login.text()).toBe(201);
  await phone.goto('/app/painel');
  await expect(phone.getByRole('heading', { name: 'Expedição' })).toBeVisible();
  await expect(phone.getByRole('heading', { name: 'Em atendimento' })).toBeVisible();
  await expect(phone.locator('tr[aria-current="true"]')).toHaveCount(0);

  const truck = await page.request.get(`/api/truck/like/${v.plate}/company/${await demoId(page)}`);
  const added = await page.request.post('/api/queue/add', {
    data: { order: { id: v.orderId }, truck: { id: (await truck.json())[0].id }, driver: { id: Number(v.driverId) } },
  });
  expect(added.status(), await added.text()).toBe(201);
  const position = (await added.json()).position as number;

  // The socket says the queue changed; the screen reads again (the fallback is 3 minutes).
  const entry = screen.getByRole('listitem').filter({ hasText: v.plate });
  await expect(entry).toBeVisible({ timeout: 5_000 });
  await expect(entry).toContainText(`${position}º`);
  await expect(screen.getByText(v.driverName)).toHaveCount(0);
  await screen.screenshot({ path: 'test-results/public-panel.png', fullPage: true });
  await expect(dispatch.getByRole('listitem').filter({ hasText: v.plate })).toBeVisible({ timeout: 5_000 });
  await dispatch.screenshot({ path: 'test-results/elemidia.png', fullPage: true });

  // The phone, open since before the join, shows the driver's own row without a reload.
  await expect(phone.locator('tr[aria-current="true"]')).toContainText(v.plate, { timeout: 5_000 });
  await expectAccessible(phone);
  await phone.screenshot({ path: 'test-results/driver-expedition-panel.png', fullPage: true });
});

async function demoId(page: Page): Promise<number> {
  const session = await page.request.get('/api/auth/session');
  return (await session.json()).company.id as number;
}
