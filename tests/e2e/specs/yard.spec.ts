/**
 * The yard (issue 13) as one story: a driver (through the API) joins the demo company's queue
 * with a loading of an order made through the API and checks in from the yard's network; the
 * dispatcher starts the day's attendance on /expedicao/painel, calls the driver (the /tv page,
 * with speechSynthesis replaced by a recorder, announces the plate 4 times), starts the loading
 * and completes it with its tonnage; the order's delivered quantity and status % change on
 * /pedidos.
 */
import { request } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { closeQueueVehicle, PASSWORD, queueVehicle, sql, unique } from './support';

const RUN = unique();
/** The Transportadora's vehicle of the second story (support.ts queueVehicle). */
const CARRIER_RUN = unique() + 7;
const ORDER = `Y${RUN}`.slice(0, 11);
const PLATE = `YRD${String(RUN % 10000).padStart(4, '0')}`;

/** A valid CPF (digits only) built from `n`. */
function cpfOf(n: number): string {
  const base = [...String(n % 1e9).padStart(9, '1')].map(Number);
  const digit = (ds: number[]) => {
    const sum = ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  base.push(digit(base));
  base.push(digit(base));
  return base.join('');
}

async function signIn(page: Page, login: string, email: string, landing: string) {
  await page.goto(login);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel('Senha').fill(PASSWORD);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).toHaveURL(landing);
}

test.afterAll(() => {
  closeQueueVehicle(CARRIER_RUN);
  // The demo's check-in back off for the stories that run after this one.
  sql(
    `UPDATE settings SET enable_checkin = FALSE, checkin_ip = NULL
      WHERE company_id = (SELECT id FROM companies WHERE name = 'Demo Agro')`,
  );
});

test('a driver joins with a loading; the dispatcher starts and completes it; the order follows', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const demo = Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));
  // No check-in, no delay, no limit in the way of this story (other stories may change them).
  // Check-in on, the yard's network is this machine (the server sees 127.0.0.1).
  sql(
    `UPDATE settings SET enable_checkin = TRUE, checkin_ip = '127.0.0.1', programmed_total = 0 WHERE company_id = ${demo}`,
  );
  sql(`UPDATE delays_in_progress SET ended_at = now() WHERE company_id = ${demo} AND ended_at IS NULL`);

  // The order (100 t) and the loading (30 t) through the API, as the Usuario.
  const office = await request.newContext({ baseURL });
  const login = await office.post('/api/auth/login', {
    data: { email: 'usuario@patio.local', password: PASSWORD, company: null, recaptcha_token: '', page: 'staff' },
  });
  expect(login.ok()).toBeTruthy();
  const customer = sql(
    `INSERT INTO customers (company_id, code, name, city) VALUES (${demo}, ${RUN % 100000}, 'Fazenda Y ${RUN}', 'Sorriso') RETURNING id`,
  );
  const product = await office.post('/api/product/create', {
    data: { id: 0, code: (RUN % 1000000) + 3, name: `SOJA Y ${RUN}`, group: 0, ncmcode: '' },
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
       VALUES (${demo}, 'MOTORISTA PATIO ${RUN}', '${cpf}', '1990-01-15', TRUE, TRUE) RETURNING id`,
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

  // The dispatcher's panel is open before the driver joins: the vehicle appears without a
  // reload (the queueChanged event of /api/ws; the 3-minute polling is far away).
  await signIn(page, '/expedicao', 'expedicao@patio.local', '/expedicao/painel');
  await page.getByRole('tab', { name: 'Fila' }).click();
  await page.getByLabel('Buscar placa').fill(PLATE);
  await expect(page.getByText('Algo de errado aconteceu')).toBeVisible();
  await page.waitForTimeout(500);

  // The driver joins from the phone (here: the API).
  const phone = await request.newContext({ baseURL });
  const driverLogin = await phone.post('/api/auth/app/login', {
    data: { cpf, company: { id: demo }, birthDate: '1990-01-15', recaptcha_token: '' },
  });
  expect(driverLogin.status(), await driverLogin.text()).toBe(201);
  const joined = await phone.post('/api/queue/save', { data: { scheduling: { id: loadingId } } });
  expect(joined.status(), await joined.text()).toBe(201);

  const row = page.getByRole('row', { name: new RegExp(PLATE) });
  await expect(row).toBeVisible({ timeout: 3_000 });
  await expect(row).toContainText(ORDER);

  // Starting before the attendance: the server's message.
  const open = page.getByRole('button', { name: 'Iniciar atendimento' });
  if (await open.isVisible()) {
    await row.getByRole('button', { name: `Iniciar ${PLATE}` }).click();
    await page.getByRole('button', { name: 'Sim' }).click();
    await expect(page.getByText('Por favor, iniciar o atendimento da empresa!')).toBeVisible();
    await open.click();
    await page.getByRole('button', { name: 'Sim' }).click();
  }
  await expect(page.getByRole('button', { name: 'Encerrar atendimento' })).toBeVisible();

  // Check-in on: only a checked-in driver is started.
  await row.getByRole('button', { name: `Iniciar ${PLATE}` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('motorista precisa fazer check-in')).toBeVisible();
  const queueId = (await joined.json()).id as number;
  const checkin = await phone.post('/api/checkins/save', { data: { queue: { id: queueId }, isPresent: true, status: true } });
  expect(checkin.status(), await checkin.text()).toBe(201);
  await expect(page.getByTestId('card-yard')).toContainText('1');

  // The yard TV (no sign-in) with a recorder for the voice.
  const tvContext = await page.context().browser()!.newContext({ baseURL });
  await tvContext.addInitScript(() => {
    const w = window as unknown as { __spoken: string[] } & Record<string, unknown>;
    w.__spoken = [];
    class Utterance {
      text: string;
      lang = '';
      voice: unknown = null;
      onend: (() => void) | null = null;
      onerror: (() => void) | null = null;
      constructor(text: string) {
        this.text = text;
      }
    }
    w.SpeechSynthesisUtterance = Utterance;
    Object.defineProperty(window, 'speechSynthesis', {
      configurable: true,
      value: {
        getVoices: () => [],
        speak: (u: Utterance) => {
          w.__spoken.push(u.text);
          setTimeout(() => u.onend?.(), 10);
        },
      },
    });
  });
  const tv = await tvContext.newPage();
  await tv.goto(`/tv?empresa=${demo}`);
  await expect(tv.getByRole('heading', { name: 'Chamada de motoristas' })).toBeVisible();
  await tv.waitForTimeout(1_000);

  // The Pátio tab calls the driver: the TV lists and announces the plate, 4 times (its first).
  await page.getByRole('tab', { name: 'Pátio' }).click();
  await page.getByRole('button', { name: `Chamar ${PLATE}` }).click();
  await expect(page.getByText(`Motorista chamado MOTORISTA PATIO ${RUN}`)).toBeVisible();
  await expect(tv.getByRole('row', { name: new RegExp(PLATE) })).toBeVisible({ timeout: 3_000 });
  const spelled = PLATE.split('').join(' ');
  await expect
    .poll(async () => (await tv.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken)).filter((t) => t.includes(spelled)).length, {
      timeout: 40_000,
    })
    .toBe(4);
  await tv.screenshot({ path: 'test-results/yard-tv.png' });
  await tvContext.close();
  await page.getByRole('tab', { name: 'Fila' }).click();

  // Start loading: the Atendimento tab shows it.
  await row.getByRole('button', { name: `Iniciar ${PLATE}` }).click();
  await page.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Carregamento iniciado')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Atendimento' })).toBeVisible();
  const loadingRow = page.getByRole('row', { name: new RegExp(PLATE) });
  await expect(loadingRow.getByRole('button', { name: `Finalizar ${PLATE}` })).toBeVisible();
  await page.screenshot({ path: 'test-results/yard-loading.png' });

  // The administrator opens /historico before the loading is finished: not there yet.
  const office2 = await page.context().browser()!.newContext({ baseURL });
  const usuario = await office2.newPage();
  await usuario.goto('/login');
  await usuario.getByLabel('E-mail').fill('admin@patio.local');
  await usuario.getByLabel('Senha', { exact: true }).fill(PASSWORD);
  await usuario.getByRole('button', { name: 'Entrar' }).click();
  await expect(usuario).toHaveURL('/dashboard');
  await usuario.goto('/historico');
  await expect(usuario.getByRole('heading', { name: 'Histórico de Carregamento' })).toBeVisible();
  const historyRow = usuario.getByRole('row', { name: new RegExp(ORDER) });
  await expect(historyRow).toHaveCount(0);

  // Complete with the tonnage: the confirm button appears only above zero.
  await loadingRow.getByRole('button', { name: `Finalizar ${PLATE}` }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Tonelagem carregada (t)').fill('0');
  await expect(dialog.getByRole('button', { name: 'Confirmar' })).toHaveCount(0);
  await dialog.getByLabel('Tonelagem carregada (t)').fill('25,5');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Carregamento finalizado')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Atendimento' })).toHaveCount(0);
  await expect(page.getByTestId('card-attended')).not.toContainText(/^Atendidos0$/);

  // The administrator's /historico, open since before the completion, has it without a reload.
  await expect(historyRow).toContainText('25,500', { timeout: 5_000 });

  // The order on /pedidos: delivered 25,5 t, 25 %.
  await usuario.goto('/pedidos');
  await usuario.getByLabel('Buscar por id, código ou cliente').fill(ORDER);
  const orderRow = usuario.getByRole('row', { name: new RegExp(ORDER) });
  await expect(orderRow).toContainText('25%');
  await expect(orderRow).toContainText('25,50 t');
  await usuario.screenshot({ path: 'test-results/yard-order.png' });
  await office2.close();
  await office.dispose();
  await phone.dispose();
});

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
