/**
 * The check-in on the driver's phone (issue 14, spec 3 sections 2 and 4), at 360x640, in the
 * demo company (check-in switched on here through SQL and off again afterwards): a driver of
 * this spec joins the queue with a loading (through the API); from an address outside the
 * company's checkinIp the home offers no 'Fazer Check-in' and /app/checkin is refused with the
 * server's message; from the yard's address (127.0.0.1) the driver checks in through the
 * steps and sees 'Aguarde ser chamado'; the dispatcher calls it (POST /api/checkins/setcall)
 * and the phone shows the call at once, with a beep and a vibration, on the home and on
 * /app/agendamento/status; once the yard's network is another address, the home's state read
 * cancels the check-in and shows the cancelled notice with its date. Also the public /maps
 * (no sign-in) with the host company's map.
 */
import { request } from '@playwright/test';
import { expect, test, type APIRequestContext, type Page } from './fixtures';
import { PASSWORD, sql, unique } from './support';

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const RUN = unique();
const ORDER = `C${RUN}`.slice(0, 11);
const PLATE = `CHK${String(RUN % 10000).padStart(4, '0')}`;
const DRIVER = `CHECKIN MOTORISTA ${RUN}`;
const OUTSIDE = '10.254.254.254';
const REFUSED = 'Check-in permitido apenas na rede do pátio da empresa.';

/** A valid CPF (digits only) built from `n`. */
function cpfOf(n: number): string {
  const base = [...String(n % 1e9).padStart(9, '2')].map(Number);
  const digit = (ds: number[]) => {
    const sum = ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0);
    const r = (sum * 10) % 11;
    return r === 10 ? 0 : r;
  };
  base.push(digit(base));
  base.push(digit(base));
  return base.join('');
}

function demoId(): number {
  return Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));
}

function setYardAddress(ip: string) {
  sql(`UPDATE settings SET enable_checkin = TRUE, checkin_ip = '${ip}' WHERE company_id = ${demoId()}`);
}

test.afterAll(() => {
  // The demo's check-in back off, and this spec's entry closed: later specs plan the demo
  // queue from empty.
  sql(`UPDATE settings SET enable_checkin = FALSE, checkin_ip = NULL WHERE company_id = ${demoId()}`);
  sql(
    `UPDATE queue_entries SET status = 'cancelled', closed_at = now()
      WHERE status IN ('waiting', 'loading')
        AND driver_id IN (SELECT id FROM drivers WHERE name = '${DRIVER}')`,
  );
});

/** Records the phone's beeps (oscillators started) and vibrations. */
async function recordAlerts(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __beeps: number; __vibrations: number[][] };
    w.__beeps = 0;
    w.__vibrations = [];
    const proto = (window.AudioContext ?? (window as unknown as { webkitAudioContext: typeof AudioContext }).webkitAudioContext)
      ?.prototype;
    if (proto) {
      const create = proto.createOscillator;
      proto.createOscillator = function (this: AudioContext) {
        w.__beeps += 1;
        return create.call(this);
      };
    }
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (p: number[]) => {
        w.__vibrations.push(p);
        return true;
      },
    });
  });
}

async function alerts(page: Page): Promise<{ beeps: number; vibrations: number }> {
  return page.evaluate(() => {
    const w = window as unknown as { __beeps: number; __vibrations: number[][] };
    return { beeps: w.__beeps, vibrations: w.__vibrations.length };
  });
}

/**
 * The dispatcher calls the checked-in driver until the phone shows it: the phone's socket may
 * still be connecting after a navigation; each call is published again, and once connected the
 * notice must show within 2 s.
 */
async function callUntilShown(dispatch: APIRequestContext, checkinId: number, page: Page) {
  const notice = page.getByRole('dialog', { name: 'Motorista chamado' });
  await expect(async () => {
    const call = await dispatch.post('/api/checkins/setcall', { data: { id: checkinId, isCalling: true } });
    expect(call.status(), await call.text()).toBe(200);
    await expect(notice).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 15_000 });
}

/** The order, the driver with a truck and its loading; returns the driver's cpf and the loading. */
async function prepare(baseURL: string, demo: number): Promise<{ cpf: string; loadingId: number; office: APIRequestContext }> {
  const office = await request.newContext({ baseURL });
  const login = await office.post('/api/auth/login', {
    data: { email: 'usuario@patio.local', password: PASSWORD, company: null, recaptcha_token: '', page: 'staff' },
  });
  expect(login.ok()).toBeTruthy();
  const customer = sql(
    `INSERT INTO customers (company_id, code, name, city) VALUES (${demo}, ${(RUN % 100000) + 7}, 'Fazenda C ${RUN}', 'Sorriso') RETURNING id`,
  );
  const product = await office.post('/api/product/create', {
    data: { id: 0, code: (RUN % 1000000) + 11, name: `MILHO C ${RUN}`, group: 0, ncmcode: '' },
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
  const cpf = cpfOf(RUN);
  const driverId = Number(
    sql(
      `INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
       VALUES (${demo}, '${DRIVER}', '${cpf}', '1990-01-15', TRUE, TRUE) RETURNING id`,
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
      {
        order: { id: (await order.json()).id },
        truck: { id: truckId },
        driver: { id: driverId },
        qtyOrdered: '30',
        expirationDate: expiration,
      },
    ],
  });
  expect(saved.status(), await saved.text()).toBeLessThan(300);
  return { cpf, loadingId: ((await saved.json()) as { id: number }[])[0].id, office };
}

test('the driver checks in from the yard, is called, and loses the check-in outside the yard', async ({ page, baseURL }) => {
  test.setTimeout(120_000);
  const demo = demoId();
  setYardAddress(OUTSIDE);
  const { cpf, loadingId, office } = await prepare(baseURL!, demo);
  await office.dispose();

  // The phone signs in and joins with the loading (the API, from the page's own context).
  await recordAlerts(page);
  const signed = await page.request.post('/api/auth/app/login', {
    data: { cpf, company: { id: demo }, birthDate: '1990-01-15', recaptcha_token: '' },
  });
  expect(signed.status(), await signed.text()).toBe(201);
  const joined = await page.request.post('/api/queue/save', { data: { scheduling: { id: loadingId } } });
  expect(joined.status(), await joined.text()).toBe(201);
  const queueId = (await joined.json()).id as number;

  // Outside the yard's network: no 'Fazer Check-in'; the check-in itself is refused.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Minha Posição' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Fazer Check-in' })).toHaveCount(0);
  await page.goto('/app/checkin');
  await expect(page.getByText('Etapa 1 de 3')).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Confirmar check-in' }).click();
  await expect(page.getByRole('alert')).toContainText(REFUSED);
  expect(sql(`SELECT count(*) FROM checkins WHERE queue_entry_id = ${queueId}`)).toBe('0');

  // From the yard's network (this machine): the four steps' first three, then home.
  setYardAddress('127.0.0.1');
  await page.goto('/');
  await page.getByRole('button', { name: 'Fazer Check-in' }).click();
  await expect(page).toHaveURL('/app/checkin');
  await expect(page.getByRole('heading', { name: 'Atenção' })).toBeVisible();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Etapa 2 de 3')).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar check-in' }).click();
  await expect(page.getByRole('heading', { name: 'Check-in realizado!' })).toBeVisible();
  await expect(page.getByText(/Voltando ao início em \d s\./)).toBeVisible();
  await page.screenshot({ path: 'test-results/driver-checkin-done.png' });
  await expect(page).toHaveURL('/', { timeout: 6_000 });
  const wait = page.getByTestId('checkin-wait');
  await expect(wait).toContainText('Aguarde ser chamado');
  await expect(wait).toContainText(/Check-in feito em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(page.getByRole('button', { name: 'Fazer Check-in' })).toHaveCount(0);
  const checkinId = Number(
    sql(`SELECT id FROM checkins WHERE queue_entry_id = ${queueId} AND is_present ORDER BY id DESC LIMIT 1`),
  );
  expect(checkinId).toBeGreaterThan(0);
  expect(sql(`SELECT count(*) FROM driver_logs WHERE operation_type = 'CHECK_IN' AND driver_id = (SELECT driver_id FROM checkins WHERE id = ${checkinId})`)).toBe('1');

  // The dispatcher calls the driver: the phone shows it at once, with sound and vibration.
  const dispatch = await request.newContext({ baseURL });
  const staff = await dispatch.post('/api/auth/login', {
    data: { email: 'expedicao@patio.local', password: PASSWORD, company: null, recaptcha_token: '', page: 'dispatch' },
  });
  expect(staff.ok(), await staff.text()).toBeTruthy();
  const notice = page.getByRole('dialog', { name: 'Motorista chamado' });
  await callUntilShown(dispatch, checkinId, page);
  await expect(notice).toContainText(PLATE);
  await expect(notice).toContainText('Dirija-se ao local de carregamento.');
  // Three beeps and one vibration per call shown.
  await expect.poll(async () => (await alerts(page)).beeps).toBeGreaterThanOrEqual(3);
  const heard = await alerts(page);
  expect(heard.beeps % 3).toBe(0);
  expect(heard.vibrations).toBe(heard.beeps / 3);
  await page.screenshot({ path: 'test-results/driver-checkin-called.png' });
  await notice.getByRole('button', { name: 'Estou indo' }).click();
  await expect(notice).toHaveCount(0);

  // The same on the position screen.
  await page.goto('/app/agendamento/status');
  await expect(page.getByTestId('my-position')).toBeVisible();
  await callUntilShown(dispatch, checkinId, page);
  await expect(page.getByRole('dialog', { name: 'Motorista chamado' })).toContainText(PLATE);
  await expect.poll(async () => (await alerts(page)).vibrations).toBeGreaterThanOrEqual(1);
  await page.getByRole('button', { name: 'Estou indo' }).click();
  await dispatch.dispose();

  // The yard's network is another address now: the home's state read cancels the check-in
  // and shows the cancelled notice with its date; Ok goes home.
  setYardAddress(OUTSIDE);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Check-in cancelado' })).toBeVisible();
  await expect(page).toHaveURL('/app/checkin');
  await expect(page.getByTestId('checkin-cancelled-at')).toHaveText(/Cancelado em \d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  expect(sql(`SELECT is_present FROM checkins WHERE queue_entry_id = ${queueId} ORDER BY id DESC LIMIT 1`)).toBe('f');
  await page.getByRole('button', { name: 'Ok' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('button', { name: 'Minha Posição' })).toBeVisible();
  await expect(page.getByTestId('checkin-wait')).toHaveCount(0);
});

test('the public /maps shows the host company map without a sign-in', async ({ page }) => {
  const demo = demoId();
  const before = sql(`SELECT coalesce(google_maps, '') FROM settings WHERE company_id = ${demo}`);
  const map = `https://www.google.com/maps/embed?pb=checkin${RUN}`;
  sql(`UPDATE settings SET google_maps = '${map}' WHERE company_id = ${demo}`);
  try {
    await page.goto('/maps');
    await expect(page).toHaveURL('/maps');
    await expect(page.getByRole('heading', { name: 'Como Chegar' })).toBeVisible();
    await expect(page.locator('iframe[title="Mapa de chegada: Demo Agro"]')).toHaveAttribute('src', map);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await expect(page).toHaveURL('/app/login');
  } finally {
    sql(`UPDATE settings SET google_maps = ${before ? `'${before}'` : 'NULL'} WHERE company_id = ${demo}`);
  }
});
