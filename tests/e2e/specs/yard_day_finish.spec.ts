/**
 * Issue 22, what was left of the yard day, walked as each person meets it:
 * - a freelancer (no loading, no carrier) marked missing is sent for rescue onto an order the
 *   dispatcher chooses in the form; the server's loading checks answer a too-heavy weight; the
 *   root administrator approves it and the Atendidos list has it on that order;
 * - staff tables at 360 px scroll inside a named, focusable box, never the page;
 * - the sign-in pages and the yard TV log no console error (the TV's locked sound has no
 *   browser spec: the one written held on its branch and failed on main, see docs/decisions.md);
 * - the history PDF downloaded from the screen reads whole through `pdftotext`.
 *
 * "Missing" is written with SQL, as in expedition_story.spec.ts (only the tolerance job marks a
 * vehicle missing, and when depends on the time of day the suite runs).
 */
import { execFileSync } from 'node:child_process';
import { expect, expectAccessible, test, type Page } from './fixtures';
import { cpfOf, orderedVehicle, pickSearched, signIn, sql, staffApi, unique } from './support';

const RUN = unique();
const ORDER = {
  orderCode: `L${RUN}`.slice(0, 11),
  plate: `LDD${String(RUN % 10000).padStart(4, '0')}`,
  driverName: `MOTORISTA PEDIDO ${RUN}`,
  customerName: `Fazenda Resgate Livre ${RUN}`,
  product: `SOJA L ${RUN}`,
};
const FREE = {
  plate: `AUT${String(RUN % 10000).padStart(4, '0')}`,
  driverName: `AUTONOMO RESGATE ${RUN}`,
};
const PDF = {
  orderCode: `H${RUN}`.slice(0, 11),
  plate: `HPD${String(RUN % 10000).padStart(4, '0')}`,
  driverName: `MOTORISTA HISTORICO ${RUN}`,
  customerName: `Fazenda Histórico ${RUN}`,
  product: `MILHO H ${RUN}`,
};

const demoId = () => Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));
const shot = (page: Page, name: string) => page.screenshot({ path: `/tmp/yard-c-${name}.png`, fullPage: true });

test.afterAll(() => {
  sql(
    `UPDATE settings SET enable_queue_without_scheduling = FALSE, checkin_ip = NULL
      WHERE company_id = (SELECT id FROM companies WHERE name = 'Demo Agro')`,
  );
});

test('a missing freelancer is sent for rescue onto an order chosen in the form, checked and approved', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const demo = demoId();
  sql(`UPDATE settings SET enable_queue_without_scheduling = TRUE, enable_checkin = FALSE, programmed_total = 0 WHERE company_id = ${demo}`);
  sql(`UPDATE delays_in_progress SET ended_at = now() WHERE company_id = ${demo} AND ended_at IS NULL`);
  // An order of 100 t with 30 t already committed to another vehicle: 70 t left.
  const office = await staffApi(baseURL, 'usuario@patio.local');
  const order = await orderedVehicle(office, RUN, ORDER, 30);
  // The freelancer: a driver without a carrier, his own 40 t truck (their screens have their
  // own stories), joined from his phone with no loading.
  const cpf = cpfOf(RUN + 7);
  const driverId = sql(
    `INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
     VALUES (${demo}, '${FREE.driverName}', '${cpf}', '1990-01-15', TRUE, TRUE) RETURNING id`,
  );
  const truckId = sql(
    `INSERT INTO trucks (company_id, driver_id, license_plate, implement_type, net_capacity, is_enabled)
     VALUES (${demo}, ${driverId}, '${FREE.plate}', 'TOCO', 40, TRUE) RETURNING id`,
  );
  const { request } = await import('@playwright/test');
  const phone = await request.newContext({ baseURL });
  const login = await phone.post('/api/auth/app/login', {
    data: { cpf, company: { id: demo }, birthDate: '1990-01-15', recaptcha_token: '' },
  });
  expect(login.status(), await login.text()).toBe(201);
  const joined = await phone.post('/api/queue/save', { data: { scheduling: null, truck: { id: Number(truckId) } } });
  expect(joined.status(), await joined.text()).toBe(201);
  const queueId = (await joined.json()).id as number;
  await phone.dispose();
  sql(`UPDATE queue_entries SET status = 'faulty', closed_at = now(), position = 0 WHERE id = ${queueId}`);

  // The dispatcher: Faltosos, 'Recuperar' on the freelancer (no order of his own).
  await signIn(page, '/expedicao', 'expedicao@patio.local', '/expedicao/painel');
  await page.getByTestId('card-missing').click();
  const missingList = page.getByRole('dialog', { name: 'Faltosos' });
  const missingRow = missingList.getByRole('row', { name: new RegExp(FREE.plate) });
  await missingRow.getByRole('button', { name: `Recuperar ${FREE.plate}` }).click();
  const form = page.getByRole('dialog', { name: `Recuperar o veículo ${FREE.plate}` });
  const send = form.getByRole('button', { name: 'Enviar' });
  const orderBox = form.getByRole('combobox', { name: 'Pedido' });
  await expect(orderBox).toBeVisible();
  // The weight alone is not enough: no order chosen yet.
  await form.getByLabel('Peso líquido (t)').pressSequentially('75000');
  await expect(form.getByLabel('Peso líquido (t)')).toHaveValue('75,000');
  await expect(send).toBeDisabled();
  // The order is searched on the server among the company's open orders.
  await orderBox.click();
  await pickSearched(page, orderBox, ORDER.orderCode, `${ORDER.orderCode} - ${ORDER.customerName}`);
  await expect(form).toContainText(ORDER.orderCode);
  // The form warns (70 t left on the order, a 40 t truck); the server refuses (check 1).
  await expect(form.getByRole('status')).toContainText('Acima do saldo do pedido (70,000 t).');
  await expect(form.getByRole('status')).toContainText('Acima da capacidade líquida do caminhão (40,000 t).');
  await shot(page, 'rescue-freelancer-warned');
  await send.click();
  await expect(page.getByText('A Capacidade Liquida ultrapassa o Saldo do Pedido.')).toBeVisible();
  expect(sql(`SELECT count(*) FROM queue_restores WHERE queue_entry_id = ${queueId}`)).toBe('0');
  // The scale's real reading.
  await form.getByLabel('Peso líquido (t)').fill('');
  await form.getByLabel('Peso líquido (t)').pressSequentially('28500');
  await expect(form.getByRole('status')).toHaveCount(0);
  await send.click();
  await expect(page.getByText('Solicitação enviada')).toBeVisible();
  await expect(form).toHaveCount(0);
  expect(sql(`SELECT concat_ws('|', order_id, qty_transported, status) FROM queue_restores WHERE queue_entry_id = ${queueId}`)).toBe(
    `${order.orderId}|28.500|f`,
  );
  await page.keyboard.press('Escape');
  await expect(missingList).toHaveCount(0);

  // The root administrator approves it on /recuperar.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, '/login', 'admin@patio.local', '/dashboard');
  await admin.goto('/recuperar');
  await admin.getByLabel('Buscar Resgate').fill(FREE.plate);
  const rescueRow = admin.getByRole('row', { name: new RegExp(FREE.plate) });
  await expect(rescueRow).toContainText(ORDER.orderCode);
  await expect(rescueRow).toContainText('28,500 t');
  await rescueRow.getByRole('button', { name: `Aprovar ${FREE.plate}` }).click();
  const confirm = admin.getByRole('dialog', { name: 'Deseja recuperar o veículo ?' });
  await expect(confirm).toContainText(ORDER.orderCode);
  await confirm.getByRole('button', { name: 'Confirmar' }).click();
  await expect(admin.getByText('Aprovação realizada com sucesso')).toBeVisible();
  await expect(rescueRow).toHaveCount(0);
  await expectAccessible(admin);
  await adminContext.close();

  // The dispatcher's Atendidos: the freelancer on that order with the tonnage; the loading was
  // created for him on the order and closed.
  await page.reload();
  await page.getByTestId('card-attended').click();
  const attended = page.getByRole('dialog', { name: 'Atendidos' }).getByRole('row', { name: new RegExp(FREE.plate) });
  await expect(attended).toContainText(ORDER.orderCode);
  await expect(attended).toContainText('28,500');
  await shot(page, 'rescue-freelancer-attended');
  expect(
    sql(
      `SELECT concat_ws('|', s.order_id, s.driver_id, s.status, s.qty_transported)
         FROM queue_entries q JOIN schedulings s ON s.id = q.scheduling_id WHERE q.id = ${queueId}`,
    ),
  ).toBe(`${order.orderId}|${driverId}|t|28.500`);
  await office.dispose();
});

test('staff tables at 360 px scroll inside a named box a keyboard can reach, never the page', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(page, '/login', 'usuario@patio.local', '/dashboard');
  // /pedidos' table is wider than a phone; /fila's two tables may fit (then nothing scrolls and
  // the box is no tab stop).
  for (const [path, region, mustScroll] of [
    ['/pedidos', 'Pedidos', true],
    ['/fila', 'Pedidos em aberto', false],
    ['/fila', 'Fila', false],
  ] as const) {
    // The fixture's goto runs axe on the page (scrollable-region-focusable among its rules).
    if (page.url() !== new URL(path, page.url()).href) await page.goto(path);
    const box = page.getByRole('region', { name: region, exact: true });
    await expect(box.locator('.ant-table')).toBeVisible();
    const page360 = await page.evaluate(() => ({
      scrollWidth: document.scrollingElement!.scrollWidth,
      innerWidth: window.innerWidth,
    }));
    expect(page360.scrollWidth, `${path} scrolls the page sideways`).toBeLessThanOrEqual(page360.innerWidth);
    const own = await box.evaluate((el) => ({ scrollWidth: el.scrollWidth, clientWidth: el.clientWidth }));
    const scrolls = own.scrollWidth > own.clientWidth + 1;
    if (mustScroll) expect(scrolls, `${path}: the table fits, nothing to scroll`).toBe(true);
    if (scrolls) {
      // Its own box scrolls it, from the keyboard too.
      await expect(box).toHaveAttribute('tabindex', '0');
      await box.focus();
      await page.keyboard.press('ArrowRight');
      await expect.poll(() => box.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    } else {
      await expect(box).not.toHaveAttribute('tabindex', /.*/);
    }
    await shot(page, `table-360${path.replace('/', '-')}`);
  }
  await expectAccessible(page);
});

test('a clean visit of the sign-in pages and the yard TV logs no console error', async ({ page }) => {
  // Five pages, each judged by axe on arrival (the fixture): slow on a loaded machine.
  test.setTimeout(90_000);
  const demo = demoId();
  sql(`UPDATE settings SET checkin_ip = '127.0.0.1' WHERE company_id = ${demo}`);
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => errors.push(`${page.url()}: ${e.message}`));
  for (const path of ['/login', '/expedicao', '/expedicao/login', '/app/login']) {
    await page.goto(path);
    await expect(page.getByRole('button', { name: 'Entrar' }).first()).toBeVisible();
  }
  await page.goto(`/tv?empresa=${demo}`);
  await expect(page.getByRole('heading', { name: 'Chamada de motoristas' })).toBeVisible();
  // The list was read (the TV answers this network) and the socket opened.
  await expect(page.getByText('Nenhum motorista chamado ainda.').or(page.getByRole('table'))).toBeVisible();
  await expect(page.getByText('Esta tela funciona apenas na rede do pátio da empresa.')).toHaveCount(0);
  expect(errors).toEqual([]);
});

test('the history PDF downloaded from the screen reads whole: date, headers and plate', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const demo = demoId();
  // A loading finished today: the vehicle joins, is missed and rescued through the API.
  const office = await staffApi(baseURL, 'usuario@patio.local');
  const v = await orderedVehicle(office, RUN + 3, PDF, 30);
  const { request } = await import('@playwright/test');
  const phone = await request.newContext({ baseURL });
  const login = await phone.post('/api/auth/app/login', {
    data: { cpf: v.cpf, company: { id: demo }, birthDate: '1990-01-15', recaptcha_token: '' },
  });
  expect(login.status(), await login.text()).toBe(201);
  const joined = await phone.post('/api/queue/save', { data: { scheduling: { id: v.loadingId } } });
  expect(joined.status(), await joined.text()).toBe(201);
  const queueId = (await joined.json()).id as number;
  await phone.dispose();
  sql(`UPDATE queue_entries SET status = 'faulty', closed_at = now(), position = 0 WHERE id = ${queueId}`);
  const asked = await office.post('/api/queue-restore/save', { data: { queue: { id: queueId }, netWeight: 27.35 } });
  expect(asked.status(), await asked.text()).toBe(201);
  const root = await staffApi(baseURL, 'admin@patio.local');
  const approved = await root.put('/api/queue-restore/restore', { data: { id: (await asked.json()).id } });
  expect(approved.status(), await approved.text()).toBe(200);
  await Promise.all([root.dispose(), office.dispose()]);

  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.goto('/historico');
  await expect(page.getByRole('heading', { name: 'Histórico de Carregamento' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(v.orderCode) })).toContainText(v.plate);
  const wait = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar PDF' }).click();
  const file = await wait;
  expect(file.suggestedFilename()).toBe('report.pdf');
  const path = test.info().outputPath('report.pdf');
  await file.saveAs(path);
  const text = execFileSync('pdftotext', ['-layout', path, '-'], { encoding: 'utf8' });
  const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());
  expect(text).toContain('Histórico');
  // The headers whole, in order; the tonnes' titles wrap at their space ('Pedido' over '(t)').
  const lines = text.split('\n');
  const header = lines.findIndex((l) => /^\s*Data\s+Empresa\s+Pedido\s+Cliente\s+Placa\s+Motorista\s+Pedido\s+Carregado\s*$/.test(l));
  expect(header, text).toBeGreaterThanOrEqual(0);
  expect(lines[header + 1], text).toMatch(/^\s*\(t\)\s+\(t\)\s*$/);
  // The row: the whole date, order, plate and both tonnages; names may wrap to a second line
  // (their columns share what is left), word by word.
  const row = lines.findIndex((l) => l.includes(v.plate));
  expect(row, text).toBeGreaterThanOrEqual(0);
  expect(lines[row]).toMatch(new RegExp(`^\\s*${today}\\s+Demo Agro\\s+${v.orderCode}\\s+.*\\s${v.plate}\\s+MOTORISTA\\s.*\\s30,000\\s+27,350\\s*$`));
  const both = `${lines[row]} ${lines[row + 1]}`.split(/\s+/);
  for (const word of [...v.driverName.split(' '), ...v.customerName.split(' ')]) expect(both, text).toContain(word);
  expect(text).not.toContain('?');
});
