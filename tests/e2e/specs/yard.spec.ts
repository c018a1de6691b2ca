/**
 * The yard's role differences (issue 13): the Espectador reads the dispatch panel without
 * actions; the Transportadora reads its read-only Fila Virtual, which shows a vehicle of its
 * own that joins elsewhere without a reload. The dispatcher's day (join, check-in, call, TV,
 * loading, order, rescue, history) is one story: expedition_story.spec.ts.
 */
import { request } from '@playwright/test';
import { expect, test } from './fixtures';
import { closeQueueVehicle, PASSWORD, queueVehicle, signIn, sql, unique } from './support';

/** The Transportadora's vehicle (support.ts queueVehicle). */
const CARRIER_RUN = unique() + 7;

test.afterAll(() => closeQueueVehicle(CARRIER_RUN));

test('the Espectador reads the panel without actions; the Transportadora reads its Fila Virtual live', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signIn(page, '/expedicao', 'espectador@patio.local', '/expedicao/painel');
  await expect(page.getByRole('heading', { name: 'Expedição' })).toBeVisible();
  await expect(page.getByTestId('card-programmed')).toBeVisible();
  await expect(page.getByRole('button', { name: /atendimento$/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Iniciar / })).toHaveCount(0);
  await expect(page.getByRole('switch', { name: 'Tolerância' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Sair', exact: true }).click();

  await signIn(page, '/login', 'transp@patio.local', '/expedicao/transportadora');
  await expect(page.getByRole('heading', { name: 'Fila Virtual' })).toBeVisible();
  await page.getByLabel('Buscar placa').fill('ZZZ9Z99');
  await expect(page.getByText('Neste momento, você não possui caminhões na fila virtual.')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Iniciar/ })).toHaveCount(0);

  // A vehicle of this shipping company joins elsewhere (the office's /fila call): the open
  // Fila Virtual shows it without a reload.
  const office = await request.newContext({ baseURL });
  const login = await office.post('/api/auth/login', {
    data: { email: 'usuario@patio.local', password: PASSWORD, company: null, recaptcha_token: '', page: 'staff' },
  });
  expect(login.ok()).toBeTruthy();
  const v = await queueVehicle(office, CARRIER_RUN);
  const carrier = sql("SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'");
  const truck = sql(`UPDATE trucks SET shipping_company_id = ${carrier} WHERE license_plate = '${v.plate}' RETURNING id`);
  sql(`UPDATE drivers SET shipping_company_id = ${carrier} WHERE id = ${v.driverId}`);
  await page.getByLabel('Buscar placa').fill(v.plate);
  const added = await office.post('/api/queue/add', {
    data: { order: { id: v.orderId }, truck: { id: Number(truck) }, driver: { id: Number(v.driverId) } },
  });
  expect(added.status(), await added.text()).toBe(201);
  await expect(page.getByRole('row', { name: new RegExp(v.plate) })).toBeVisible({ timeout: 5_000 });
  await office.dispose();
});
