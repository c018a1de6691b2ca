/**
 * Issue 22, items 2 and 3, as the day went: a driver of Demo Agro joins with a loading and
 * follows his day on the phone (360 px) while the dispatcher works the panel. The phone shows
 * one state at a time — waiting, checked in ('Aguarde ser chamado'), called ('Motorista
 * chamado', never next to 'Aguarde ser chamado'), loading (no position 0, and why *Sair da
 * fila* is not offered), done. The dispatcher finishes the loading typing the scale's `14750`
 * digit by digit: the field reads `14,750`, Confirmar shows, and the order's balance (set low
 * with SQL) is warned about, not refused; *Editar peso* and *Recuperar* take the same mask.
 */
import { expect, test, type Page } from './fixtures';
import { closePlates, driverJoins, orderedVehicle, signIn, sql, staffApi, unique, openAttendance } from './support';

const RUN = unique();
const V = {
  orderCode: `S${RUN}`.slice(0, 11),
  plate: `STG${String(RUN % 10000).padStart(4, '0')}`,
  driverName: `MOTORISTA ESTADOS ${RUN}`,
  customerName: `Fazenda Estados ${RUN}`,
  product: `SOJA S ${RUN}`,
};
const MISSING = {
  orderCode: `R${RUN}`.slice(0, 11),
  plate: `RCP${String(RUN % 10000).padStart(4, '0')}`,
  driverName: `MOTORISTA RESGATE ${RUN}`,
  customerName: `Fazenda Resgate ${RUN}`,
  product: `MILHO R ${RUN}`,
};

test.afterAll(() => {
  closePlates(V.plate, MISSING.plate);
  sql(
    `UPDATE settings SET enable_checkin = FALSE, checkin_ip = NULL
      WHERE company_id = (SELECT id FROM companies WHERE name = 'Demo Agro')`,
  );
});

const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/yard-b-${name}.png`, fullPage: true });

/** The phone's one state block: exactly one, with this stage. */
async function expectStage(phone: Page, stage: string, text: string) {
  const blocks = phone.locator('[data-stage]');
  await expect(blocks).toHaveCount(1, { timeout: 10_000 });
  await expect(blocks).toHaveAttribute('data-stage', stage, { timeout: 10_000 });
  await expect(blocks).toContainText(text);
}

test('the phone says one thing at a time while the dispatcher checks in, calls, loads and weighs 14750', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const demo = Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));
  sql(`UPDATE settings SET enable_checkin = TRUE, checkin_ip = '127.0.0.1', programmed_total = 0 WHERE company_id = ${demo}`);
  sql(`UPDATE delays_in_progress SET ended_at = now() WHERE company_id = ${demo} AND ended_at IS NULL`);
  const office = await staffApi(baseURL, 'usuario@patio.local');
  const vehicle = await orderedVehicle(office, RUN, V, 30);
  const joined = await driverJoins(baseURL, vehicle);
  await joined.phone.dispose();

  // ---- The driver's phone: signed in in a context of its own, at 360 px.
  const phoneContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });
  const phone = await phoneContext.newPage();
  const login = await phone.request.post('/api/auth/app/login', {
    data: { cpf: vehicle.cpf, company: { id: demo }, birthDate: '1990-01-15', recaptcha_token: '' },
  });
  expect(login.status(), await login.text()).toBe(201);
  await phone.goto('/');
  await expectStage(phone, 'waiting', 'Você está na fila');
  await expect(phone.getByText('Aguarde ser chamado')).toHaveCount(0);
  // 'Veículos próximos' while waiting: his own row, marked, with his place in the line (not 0).
  await phone.goto('/app/agendamento/status');
  const mineNear = phone.getByRole('region', { name: 'Veículos próximos' }).getByRole('row', { name: new RegExp(vehicle.plate) });
  await expect(mineNear).toContainText('Você');
  await expect(mineNear.getByRole('cell').first()).toHaveText(/^[1-9]\d*$/);
  await phone.goto('/');
  await expectStage(phone, 'waiting', 'Você está na fila');

  // Checked in from the yard's network: 'Aguarde ser chamado', and nothing else.
  const checkin = await phone.request.post('/api/checkins/save', { data: { queue: { id: joined.queueId }, isPresent: true, status: true } });
  expect(checkin.status(), await checkin.text()).toBe(201);
  await phone.reload();
  await expectStage(phone, 'checkedIn', 'Aguarde ser chamado');
  await shot(phone, 'phone-checked-in');

  // ---- The dispatcher calls him from the Pátio tab.
  await signIn(page, '/expedicao', 'expedicao@patio.local', '/expedicao/painel');
  await openAttendance(page);
  await page.getByRole('tab', { name: 'Pátio' }).click();
  await page.getByRole('button', { name: `Chamar ${vehicle.plate}` }).click();
  await expect(page.getByText(`Motorista chamado ${vehicle.driverName}`)).toBeVisible();

  // The phone (opened again: the live notice has its own spec, driver_checkin): one block
  // 'Motorista chamado' — never next to 'Aguarde ser chamado'.
  await phone.reload();
  await expectStage(phone, 'called', 'Dirija-se ao local de carregamento.');
  await expect(phone.locator('[data-stage]')).toContainText('Motorista chamado');
  await expect(phone.getByText('Aguarde ser chamado')).toHaveCount(0);
  await shot(phone, 'phone-called');

  // ---- The loading starts: the phone reads 'Em carregamento', no position 0.
  await page.getByRole('tab', { name: 'Fila' }).click();
  await page.getByLabel('Buscar placa').fill(vehicle.plate);
  const row = page.getByRole('row', { name: new RegExp(vehicle.plate) });
  await row.getByRole('button', { name: `Iniciar ${vehicle.plate}` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Carregamento iniciado')).toBeVisible();
  await expectStage(phone, 'loading', 'Em carregamento');
  await expect(phone.getByText('Aguarde ser chamado')).toHaveCount(0);
  await phone.goto('/app/agendamento/status');
  await expectStage(phone, 'loading', 'Seu veículo está sendo carregado');
  await expect(phone.getByTestId('my-position')).toHaveCount(0);
  await expect(phone.getByRole('button', { name: 'Sair da fila' })).toHaveCount(0);
  await expect(phone.getByTestId('leave-reason')).toHaveText('Seu veículo está em carregamento: não é possível sair da fila agora.');
  // No 'Veículos próximos' while loading: it listed his own row at position 0 (issue 22).
  await expect(phone.getByRole('region', { name: 'Veículos próximos' })).toHaveCount(0);
  await expect(phone.getByRole('cell', { name: '0', exact: true })).toHaveCount(0);
  await shot(phone, 'phone-loading-status');

  // ---- Finalizar with the scale's reading, typed key by key; the order's balance is low.
  sql(`UPDATE orders SET qty_transported = 90 WHERE id = ${vehicle.orderId}`);
  await page.reload();
  const loadingRow = page.getByRole('row', { name: new RegExp(vehicle.plate) });
  await loadingRow.getByRole('button', { name: `Finalizar ${vehicle.plate}` }).click();
  const dialog = page.getByRole('dialog', { name: `Finalizar o carregamento do veículo ${vehicle.plate}` });
  const field = dialog.getByLabel('Tonelagem carregada (t)');
  await expect(dialog.getByRole('button', { name: 'Confirmar' })).toHaveCount(0);
  await field.pressSequentially('14750');
  await expect(field).toHaveValue('14,750');
  await expect(dialog.getByRole('button', { name: 'Confirmar' })).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText('Acima do saldo do pedido (10,000 t).');
  // Over the truck's 40 t as well: both warnings; back to the reading, one.
  await field.fill('');
  await field.pressSequentially('45000');
  await expect(field).toHaveValue('45,000');
  await expect(dialog.getByRole('status')).toContainText('Acima da capacidade líquida do caminhão (40,000 t).');
  await expect(dialog.getByRole('status')).toContainText('Acima do saldo do pedido (10,000 t).');
  await field.fill('');
  await field.pressSequentially('14750');
  await shot(page, 'finish-14750');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Carregamento finalizado')).toBeVisible();
  expect(sql(`SELECT qty_transported::float8 FROM schedulings WHERE id = ${vehicle.loadingId}`)).toBe('14.75');

  // The phone: done.
  await phone.goto('/');
  await expectStage(phone, 'done', 'Carregamento concluído');
  await shot(phone, 'phone-done');

  // ---- Editar peso (Atendidos) takes the same mask.
  await page.getByTestId('card-attended').click();
  const attended = page.getByRole('dialog', { name: 'Atendidos' });
  await attended.getByRole('button', { name: `Editar peso ${vehicle.plate}` }).click();
  const edit = page.getByRole('dialog', { name: `Editar peso ${vehicle.plate}` });
  await edit.getByLabel('Tonelagem carregada (t)').pressSequentially('14760');
  await expect(edit.getByLabel('Tonelagem carregada (t)')).toHaveValue('14,760');
  await edit.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Peso editado')).toBeVisible();
  expect(sql(`SELECT qty_transported::float8 FROM schedulings WHERE id = ${vehicle.loadingId}`)).toBe('14.76');
  await page.keyboard.press('Escape');

  // ---- Recuperar (Faltosos) too.
  const missing = await orderedVehicle(office, RUN + 1, MISSING, 30);
  const other = await driverJoins(baseURL, missing);
  sql(`UPDATE queue_entries SET status = 'faulty', closed_at = now(), position = 0 WHERE id = ${other.queueId}`);
  await page.reload();
  await page.getByTestId('card-missing').click();
  const missingRow = page.getByRole('dialog', { name: 'Faltosos' }).getByRole('row', { name: new RegExp(missing.plate) });
  await missingRow.getByRole('button', { name: `Recuperar ${missing.plate}` }).click();
  const form = page.getByRole('dialog', { name: `Recuperar o veículo ${missing.plate}` });
  await form.getByLabel('Peso líquido (t)').pressSequentially('28500');
  await expect(form.getByLabel('Peso líquido (t)')).toHaveValue('28,500');
  await expect(form.getByRole('button', { name: 'Enviar' })).toBeEnabled();
  await shot(page, 'rescue-28500');

  await phoneContext.close();
  await other.phone.dispose();
  await office.dispose();
});
