import { expect, test } from './fixtures';
import { closeQueueVehicle, queueVehicle, signIn, sql, unique } from './support';

// Issue 13, carrier dashboard: the figures of a Transportadora's vehicles from the queue's
// history, reached from its sidebar; a Usuario opens it from /dashboard and sees its company;
// the range rules. The attended and missing entries are written directly: closing them is the
// dispatch panel's call.

/** Yesterday 10:00 in São Paulo, as SQL. */
const YESTERDAY_10 = `((now() AT TIME ZONE 'America/Sao_Paulo')::date - 1 + time '10:00') AT TIME ZONE 'America/Sao_Paulo'`;

test('a Transportadora reads the figures of its vehicles; a Usuario reaches the page from /dashboard', async ({ page }) => {
  test.setTimeout(90_000);
  const run = unique();
  const demo = sql("SELECT id FROM companies WHERE name = 'Demo Agro'");
  const shipping = sql("SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'");
  const cpf = String(70000000000 + (run % 1000000000)).slice(0, 11);
  const driver = sql(
    `INSERT INTO drivers (company_id, shipping_company_id, name, cpf, birth_date)
     VALUES (${demo}, ${shipping}, 'PAINEL ${run}', '${cpf}', '1990-01-01') RETURNING id`,
  );
  const truck = sql(
    `INSERT INTO trucks (company_id, shipping_company_id, driver_id, license_plate, net_capacity)
     VALUES (${demo}, ${shipping}, ${driver}, 'P${String(run).slice(-6).padStart(6, '0')}', 19) RETURNING id`,
  );
  // Waited 75 minutes, loaded for 45, started after its forecast (within the tolerance).
  sql(
    `INSERT INTO queue_entries (company_id, driver_id, truck_id, status, joined_at, forecast_at, expedition, attended, attended_at, closed_at)
     VALUES (${demo}, ${driver}, ${truck}, 'attended', ${YESTERDAY_10}, ${YESTERDAY_10} + interval '60 minutes',
             ${YESTERDAY_10} + interval '75 minutes', TRUE, ${YESTERDAY_10} + interval '120 minutes', ${YESTERDAY_10} + interval '120 minutes')`,
  );

  await signIn(page, '/login', 'transp@patio.local', '/expedicao/transportadora');
  await page.locator('.ant-layout-sider').getByText('Dashboard', { exact: true }).click();
  await expect(page).toHaveURL('/transportadora/dashboard');
  await expect(page.getByRole('heading', { name: 'Transportadora Dashboard' })).toBeVisible();
  // No company filter outside the root administrator.
  await expect(page.getByLabel('Empresa')).toHaveCount(0);
  const times = page.getByTestId('carrier-times');
  await expect(times).toContainText('Tempo médio de espera');
  await expect(times).toContainText('Média de atendidos por dia');
  await expect(page.getByRole('img', { name: 'Faltosos / Atendidos' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Pontualidade' })).toBeVisible();
  // This run's vehicle started after its forecast: at least one within the tolerance.
  await expect(page.getByRole('listitem').filter({ hasText: /^Dentro da Tolerância: [1-9]/ })).toBeVisible();
  await expect(page.getByRole('listitem').filter({ hasText: /^Pontualmente ou Antecipadamente: \d/ })).toBeVisible();
  await expect(page.getByTestId('carrier-busiest')).toContainText('10:00');
  await page.screenshot({ path: 'test-results/carrier-dashboard.png', fullPage: true });

  // A 'to' after today is refused before asking, and the search stays off.
  const to = page.getByLabel('Até');
  const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
  await to.fill(tomorrow);
  await expect(page.getByRole('alert')).toContainText('A data final não pode ser posterior a hoje!');
  await expect(page.getByRole('button', { name: 'Pesquisar' })).toBeDisabled();

  // A Usuario: the link on /dashboard; its company's figures include this vehicle.
  await page.context().clearCookies();
  await signIn(page, '/login', 'usuario@patio.local', '/dashboard');
  await page.getByRole('link', { name: 'Transportadora Dashboard' }).click();
  await expect(page).toHaveURL('/transportadora/dashboard');
  await expect(page.getByTestId('carrier-times')).toContainText('Tempo médio do fluxo completo');
  const searched = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/dashboard');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  expect((await searched).status()).toBe(200);
});

/** The vehicle of the live story (support.ts queueVehicle), closed in afterAll. */
const LIVE_RUN = unique() + 3;

test.afterAll(() => closeQueueVehicle(LIVE_RUN));

test('the open dashboard follows a vehicle that joins elsewhere within a second, without a reload', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await signIn(page, '/login', 'transp@patio.local', '/expedicao/transportadora');
  await page.goto('/transportadora/dashboard');
  const queueAvg = page.getByTestId('carrier-times').locator('.d-stat').filter({ hasText: 'Média de veículos na fila por dia' }).locator('dd');
  await expect(queueAvg).toBeVisible();
  const before = (await queueAvg.textContent()) ?? '';
  const reads: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'document') reads.push(r.url());
  });

  // Elsewhere: the office (a Usuario of Demo Agro, another browser) puts a vehicle of
  // Transportadora Demo in the queue.
  const office = await (await browser.newContext()).newPage();
  await signIn(office, '/login', 'usuario@patio.local', '/dashboard');
  const v = await queueVehicle(office.request, LIVE_RUN);
  const carrier = sql("SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'");
  const truck = sql(`UPDATE trucks SET shipping_company_id = ${carrier} WHERE license_plate = '${v.plate}' RETURNING id`);
  sql(`UPDATE drivers SET shipping_company_id = ${carrier} WHERE id = ${v.driverId}`);
  const added = await office.request.post('/api/queue/add', {
    data: { order: { id: v.orderId }, truck: { id: Number(truck) }, driver: { id: Number(v.driverId) } },
  });
  expect(added.status(), await added.text()).toBe(201);

  // The dashboard, open all along, counts it within a second (the socket's event; the page
  // has no polling of its own), and the page was not loaded again.
  await expect(queueAvg).not.toHaveText(before, { timeout: 1_000 });
  expect(reads).toEqual([]);
  await page.screenshot({ path: 'test-results/carrier-dashboard-live.png', fullPage: true });
  await office.context().close();
});
