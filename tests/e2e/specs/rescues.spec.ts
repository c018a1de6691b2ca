/**
 * Rescues (issue 13) as one story: a driver (through the API) joins the demo company's queue
 * with a loading of an order made through the API and is marked missing (SQL: the product has
 * no call for that yet); the dispatcher opens Faltosos on /expedicao/painel and sends the
 * rescue with the net weight ('Solicitação enviada'); the root administrator approves it on
 * /recuperar ('Deseja recuperar o veículo ?', 'Aprovação realizada com sucesso'); the order's
 * delivered quantity and status % change on /pedidos.
 */
import { request } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { PASSWORD, sql, unique } from './support';

const RUN = unique();
const ORDER = `R${RUN}`.slice(0, 11);
const PLATE = `RSG${String(RUN % 10000).padStart(4, '0')}`;

/** A valid CPF (digits only) built from `n`. */
function cpfOf(n: number): string {
  const base = [...String((n + 7) % 1e9).padStart(9, '2')].map(Number);
  const digit = (ds: number[]) => {
    const sum = ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  base.push(digit(base));
  base.push(digit(base));
  return base.join('');
}

async function signIn(page: Page, login: string, email: string) {
  await page.goto(login);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).not.toHaveURL(login);
}

test.afterAll(() => {
  // Nothing of this story left waiting in the demo's queue (later stories plan it from empty).
  sql(
    `UPDATE queue_entries SET status = 'cancelled', closed_at = now(), position = 0
      WHERE status IN ('waiting', 'loading')
        AND truck_id IN (SELECT id FROM trucks WHERE license_plate = '${PLATE}')`,
  );
});

test('a missing vehicle is sent for rescue by the dispatcher, approved by the root administrator, and the order follows', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const demo = Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));

  // The order (100 t) and the loading (30 t) through the API, as the Usuario.
  const office = await request.newContext({ baseURL });
  const login = await office.post('/api/auth/login', {
    data: { email: 'usuario@patio.local', password: PASSWORD, company: null, recaptcha_token: '', page: 'staff' },
  });
  expect(login.ok()).toBeTruthy();
  const customer = sql(
    `INSERT INTO customers (company_id, code, name, city) VALUES (${demo}, ${(RUN % 100000) + 11}, 'Fazenda R ${RUN}', 'Sorriso') RETURNING id`,
  );
  const product = await office.post('/api/product/create', {
    data: { id: 0, code: (RUN % 1000000) + 7, name: `MILHO R ${RUN}`, group: 0, ncmcode: '' },
  });
  expect(product.status(), await product.text()).toBe(201);
  const carrier = sql(`SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'`);
  const order = await office.post('/api/order/save', {
    data: {
      id: 0,
      code: ORDER,
      customer: { id: Number(customer) },
      qtyTransported: 0,
      sendEmail: false,
      enable: true,
      shippingCompany: [{ id: Number(carrier) }],
      orderItem: [{ quantity: 100, product: { id: (await product.json()).id } }],
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const orderId = (await order.json()).id as number;
  const cpf = cpfOf(RUN);
  const driverId = Number(
    sql(
      `INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
       VALUES (${demo}, 'MOTORISTA RESGATE ${RUN}', '${cpf}', '1990-01-15', TRUE, TRUE) RETURNING id`,
    ),
  );
  const truckId = Number(
    sql(
      `INSERT INTO trucks (company_id, driver_id, license_plate, implement_type, net_capacity, is_enabled)
       VALUES (${demo}, ${driverId}, '${PLATE}', 'TOCO', 40, TRUE) RETURNING id`,
    ),
  );
  const expiration = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const saved = await office.post('/api/scheduling/save', {
    data: [
      { order: { id: orderId }, truck: { id: truckId }, driver: { id: driverId }, qtyOrdered: '30', expirationDate: expiration },
    ],
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  const loadingId = ((await saved.json()) as { id: number }[])[0].id;

  // The driver joins from the phone (here: the API) ...
  const phone = await request.newContext({ baseURL });
  const driverLogin = await phone.post('/api/auth/app/login', {
    data: { cpf, company: { id: demo }, birthDate: '1990-01-15', recaptcha_token: '' },
  });
  expect(driverLogin.status(), await driverLogin.text()).toBe(201);
  const joined = await phone.post('/api/queue/save', { data: { scheduling: { id: loadingId } } });
  expect(joined.status(), await joined.text()).toBe(201);
  const queueId = (await joined.json()).id as number;
  // ... and is marked missing (no call of the product does that yet).
  sql(`UPDATE queue_entries SET status = 'faulty', closed_at = now(), position = 0 WHERE id = ${queueId}`);

  // The root administrator opens Recuperar from the menu and searches the plate: nothing yet.
  const adminContext = await page.context().browser()!.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const admin = await adminContext.newPage();
  await admin.goto('/login');
  await admin.getByLabel('E-mail').fill('admin@patio.local');
  await admin.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await admin.getByRole('button', { name: 'Entrar' }).click();
  await expect(admin).not.toHaveURL('/login');
  await admin.getByRole('menuitem', { name: 'Recuperar' }).click();
  await expect(admin).toHaveURL('/recuperar');
  await expect(admin.getByRole('heading', { name: 'Gerenciar Resgates' })).toBeVisible();
  await admin.getByLabel('Buscar Resgate').fill(PLATE);
  await expect(admin.getByText('Nenhum resgate pendente.')).toBeVisible();

  // The dispatcher: Faltosos, 'Recuperar', the net weight; the button waits for a weight.
  await signIn(page, '/expedicao', 'expedicao@patio.local');
  await expect(page).toHaveURL('/expedicao/painel');
  // The header's exports: the queue's first 4 days from the server.
  const csvHref = await page.getByRole('link', { name: 'Exportar CSV' }).getAttribute('href');
  const csv = await page.request.get(csvHref!);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Dia;Posição;Placa;Motorista;Modelo;Pedido;Cliente;Horário');
  const pdfHref = await page.getByRole('link', { name: 'Exportar PDF' }).getAttribute('href');
  const pdf = await page.request.get(pdfHref!);
  expect(pdf.status()).toBe(200);
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  await page.getByTestId('card-missing').click();
  const missing = page.getByRole('dialog', { name: 'Faltosos' });
  const missingRow = missing.getByRole('row', { name: new RegExp(PLATE) });
  await expect(missingRow).toContainText(ORDER);
  await missingRow.getByRole('button', { name: `Recuperar ${PLATE}` }).click();
  const form = page.getByRole('dialog', { name: `Recuperar o veículo ${PLATE}` });
  await expect(form.getByRole('combobox', { name: 'Pedido' })).toBeVisible();
  await expect(form).toContainText(ORDER);
  const send = form.getByRole('button', { name: 'Enviar' });
  await expect(send).toBeDisabled();
  await form.getByLabel('Peso líquido (t)').fill('0');
  await expect(send).toBeDisabled();
  await form.getByLabel('Peso líquido (t)').fill('28,5');
  await send.click();
  await expect(page.getByText('Solicitação enviada')).toBeVisible();
  await expect(form).toHaveCount(0);
  await page.screenshot({ path: 'test-results/rescue-sent.png' });
  // Sent twice: the server's message.
  await missingRow.getByRole('button', { name: `Recuperar ${PLATE}` }).click();
  await form.getByLabel('Peso líquido (t)').fill('28,5');
  await form.getByRole('button', { name: 'Enviar' }).click();
  await expect(page.getByText('Já existe uma solicitação de resgate para este veículo.')).toBeVisible();
  await form.getByRole('button', { name: 'Cancelar' }).click();
  await page.keyboard.press('Escape');
  await expect(missing).toHaveCount(0);

  // The root administrator, already on /recuperar (opened before the request was sent): the
  // request appears without a reload ('Aprovar', confirmed).
  const rescueRow = admin.getByRole('row', { name: new RegExp(PLATE) });
  await expect(rescueRow).toContainText(`MOTORISTA RESGATE - 28,500 t`);
  await expect(rescueRow).toContainText(ORDER);
  await expect(rescueRow).toContainText('Transportadora Demo');
  await rescueRow.getByRole('button', { name: `Aprovar ${PLATE}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Deseja recuperar o veículo ?' });
  await expect(confirm).toContainText(PLATE);
  await expect(confirm).toContainText('28,500 t');
  await expect(confirm).toContainText(ORDER);
  await admin.screenshot({ path: 'test-results/rescue-confirm.png' });
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(admin.getByText('Aprovação realizada com sucesso')).toBeVisible();
  await expect(rescueRow).toHaveCount(0);
  await expect(admin.getByText('Nenhum resgate pendente.')).toBeVisible();
  await adminContext.close();

  // The dispatcher's Atendidos now has it, with the tonnage.
  await page.getByTestId('card-attended').click();
  await expect(page.getByRole('dialog', { name: 'Atendidos' }).getByRole('row', { name: new RegExp(PLATE) })).toContainText('28.5');

  // The order on /pedidos (the Usuario's screen): delivered 28,5 t, 28 %.
  const officeContext = await page.context().browser()!.newContext({ baseURL, locale: 'pt-BR', timezoneId: 'America/Sao_Paulo' });
  const usuario = await officeContext.newPage();
  await usuario.goto('/login');
  await usuario.getByLabel('E-mail').fill('usuario@patio.local');
  await usuario.getByLabel('Senha').fill(PASSWORD);
  await usuario.getByRole('button', { name: 'Entrar' }).click();
  await expect(usuario).toHaveURL('/dashboard');
  await usuario.goto('/pedidos');
  await usuario.getByLabel('Buscar por id, código ou cliente').fill(ORDER);
  const orderRow = usuario.getByRole('row', { name: new RegExp(ORDER) });
  await expect(orderRow).toContainText('28%');
  await expect(orderRow).toContainText('28,50 t');
  await officeContext.close();
  await office.dispose();
  await phone.dispose();
});
