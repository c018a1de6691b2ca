/**
 * The driver app on a phone (issue 14, spec 3 section 2 "Driver app"), at 360x640, in a
 * company of this spec's own (created through the API): a new driver registers with a truck
 * through the wizard and is signed in; a driver enters the queue as a freelancer (a double tap
 * makes one entry), watches its position move live while other drivers (through the API) join
 * behind and leave ahead, opens the queue panel, leaves with the typed code and deletes its
 * account; another driver refuses one authorised order and enters the queue with the other,
 * then manages its trucks from the profile and reads its history; the leave window and the
 * closed queue; the installable app (manifest, service worker and its caches); the company
 * pop-up with its 5-second countdown.
 *
 * The other drivers, their trucks, orders and loadings are written with SQL; the drivers of
 * the stories sign in through the login call from the page's own context (this host is the
 * demo company's, whose login screen offers no company choice).
 */
import { request as pwRequest } from '@playwright/test';
import { expect, test, type APIRequestContext } from './fixtures';
import { createCompany, signIn, sql, unique } from './support';

test.describe.configure({ mode: 'serial' });
test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const RUN = unique();
const COMPANY = `DRV ${RUN}`;
const BIRTH = '15/01/1990';
const BASE = `http://127.0.0.1:${process.env.PATIO_E2E_PORT ?? 18080}`;

/** A valid CPF, masked, built from `n`. */
function cpfOf(n: number): string {
  const base = String(n % 1e9).padStart(9, '0');
  const digits = [...base].map(Number);
  const check = (ds: number[]) => {
    const sum = ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0);
    const r = sum % 11;
    return r < 2 ? 0 : 11 - r;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  const s = digits.join('');
  return `${s.slice(0, 3)}.${s.slice(3, 6)}.${s.slice(6, 9)}-${s.slice(9)}`;
}

interface Driver {
  id: number;
  cpf: string;
  truck: number;
  plate: string;
}

let companyId = 0;
/** The driver of the orders story, still in the queue for the profile story. */
let dora: Driver | null = null;
let refusedOrder = '';

/** A driver of the spec's company with a truck of its own. */
function addDriver(name: string, n: number, plate: string): Driver {
  const cpf = cpfOf(RUN * 10 + n);
  const id = Number(
    sql(`INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
         VALUES (${companyId}, '${name}', '${cpf.replace(/\D/g, '')}', '1990-01-15', TRUE, TRUE) RETURNING id`),
  );
  const truck = Number(
    sql(`INSERT INTO trucks (company_id, driver_id, license_plate, renavam, implement_type, shaft_quantity, gross_capacity, net_capacity, is_enabled)
         VALUES (${companyId}, ${id}, '${plate}', '12345678901', 'TRUCK', 3, 23, 16, TRUE) RETURNING id`),
  );
  return { id, cpf, truck, plate };
}

/** A plate of this run: three letters, a digit, a letter, two digits. */
function plateOf(prefix: string, n: number): string {
  const d = String((RUN + n) % 1000).padStart(3, '0');
  return `${prefix}${d[0]}${String.fromCharCode(65 + (n % 26))}${d.slice(1)}`;
}

/** A driver's own API session (another phone). */
async function driverApi(d: Driver): Promise<APIRequestContext> {
  const ctx = await pwRequest.newContext({ baseURL: BASE });
  const res = await ctx.post('/api/auth/app/login', {
    data: { cpf: d.cpf, company: { id: companyId }, birthDate: '1990-01-15', recaptcha_token: '' },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ctx;
}

test.beforeAll(async ({ request }) => {
  companyId = await createCompany(request, COMPANY);
  // Every day from 00:00 to 23:59 in 30-minute slots; a new entry lands at least 8 hours
  // ahead, so leaving (refused 6 hours before the forecast) stays possible.
  sql(`INSERT INTO settings (company_id, start_time, end_time, time_attendence, week_days, hour_entry_limit,
                             enable_queue_save, enable_queue_without_scheduling)
       VALUES (${companyId}, '00:00', '23:59', '00:30', '[true, true, true, true, true, true, true]'::jsonb, 8, TRUE, TRUE)
       ON CONFLICT (company_id) DO UPDATE SET start_time = '00:00', end_time = '23:59', time_attendence = '00:30',
         week_days = '[true, true, true, true, true, true, true]'::jsonb, hour_entry_limit = 8,
         enable_queue_save = TRUE, enable_queue_without_scheduling = TRUE`);
});

test('a new driver registers with a truck in three steps and is signed in', async ({ page }) => {
  test.setTimeout(90_000);
  // The login screen leads to the registration of its company.
  await page.goto('/app/login');
  await page.getByRole('button', { name: 'Não tem cadastro? Cadastre-se' }).click();
  await expect(page).toHaveURL(/\/app\/driver\/novo\/\d+$/);

  // A plate the product knows without an implement type is not a truck.
  const notTruck = plateOf('NOT', 5);
  sql(`INSERT INTO trucks (company_id, license_plate, is_enabled) VALUES (${companyId}, '${notTruck}', TRUE)`);
  const plate = plateOf('EVA', 6);
  const cpf = cpfOf(RUN * 10 + 6);

  await page.goto(`/app/driver/novo/${companyId}`);
  await expect(page.getByText('Etapa 1 de 3: Dados pessoais')).toBeVisible();
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('Nome é obrigatório!')).toBeVisible();
  await expect(page.getByText('Número de CPF é obrigatório!')).toBeVisible();
  await expect(page.getByText('Data de nascimento é obrigatório!')).toBeVisible();
  await page.getByLabel('Nome').fill(`eva motorista ${RUN}`);
  await page.getByLabel('CPF').fill('111.111.111-12');
  await page.getByLabel('CNH').fill('12345678901');
  await page.getByLabel('Data de nascimento').fill('15011990');
  await page.getByLabel('Telefone').fill('65999998888');
  await expect(page.getByLabel('Telefone')).toHaveValue('(65) 9 9999-8888');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('Cpf Inválido')).toBeVisible();
  await expect(page.getByText('Informe também o e-mail (ou deixe o telefone em branco).')).toBeVisible();
  await page.getByLabel('E-mail').fill('eva@exemplo.com');
  await page.getByLabel('CPF').fill(cpf);
  await expect(page.getByLabel('Data de nascimento')).toHaveValue(BIRTH);
  await page.getByRole('button', { name: 'Próximo' }).click();

  await expect(page.getByText('Etapa 2 de 3: Caminhão')).toBeVisible();
  await page.getByLabel('Placa').fill(notTruck.toLowerCase());
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('A placa informada não corresponde a um caminhão.')).toBeVisible();
  await modal.getByRole('button', { name: 'Fechar' }).click();
  await page.getByLabel('Renavam').fill('12345678901');
  await expect(page.getByLabel('Renavam')).toHaveValue('123456789-01');
  await page.getByLabel('Marca').selectOption({ label: 'Volvo' });
  await page.getByLabel('Modelo').selectOption({ label: 'FH 540' });
  await page.getByLabel('Tipo de implemento').selectOption({ label: 'BITRUCK' });
  await expect(page.getByLabel('Qtd. de eixos')).toHaveValue('4');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('Placa inválida')).toBeVisible();
  await page.getByLabel('Placa').fill(`${plate.slice(0, 3)}-${plate.slice(3)}`);
  await expect(page.getByLabel('Placa')).toHaveValue(plate);
  await page.getByRole('button', { name: 'Próximo' }).click();

  await expect(page.getByText('Etapa 3 de 3: Revisão')).toBeVisible();
  await expect(page.getByText(`EVA MOTORISTA ${RUN}`)).toBeVisible();
  await page.screenshot({ path: 'test-results/driver-register-review.png', fullPage: true });
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByText('Cadastro realizado com sucesso')).toBeVisible();
  await expect(page).toHaveURL('/', { timeout: 10_000 });
  await expect(page.getByRole('heading', { name: 'Olá, Eva!' })).toBeVisible();
  const digits = cpf.replace(/\D/g, '');
  expect(sql(`SELECT t.license_plate || ' ' || t.implement_type FROM trucks t JOIN drivers d ON d.id = t.driver_id WHERE d.cpf = '${digits}'`)).toBe(
    `${plate} BITRUCK`,
  );
  expect(sql(`SELECT count(*) FROM driver_logs l JOIN drivers d ON d.id = l.driver_id WHERE d.cpf = '${digits}' AND l.operation_type IN ('REG_DRIVER', 'CAD_TRUCK')`)).toBe('2');

  // The same CPF again: 'Já existe cadastro!', back on the personal step.
  await page.context().clearCookies();
  await page.goto(`/app/driver/novo/${companyId}`);
  await page.getByLabel('Nome').fill('Outra Pessoa');
  await page.getByLabel('CPF').fill(cpf);
  await page.getByLabel('CNH').fill('12345678901');
  await page.getByLabel('Data de nascimento').fill(BIRTH);
  await page.getByRole('button', { name: 'Próximo' }).click();
  await page.getByLabel('Placa').fill(plateOf('OUT', 7));
  await page.getByLabel('Renavam').fill('12345678901');
  await page.getByLabel('Marca').selectOption({ label: 'Volvo' });
  await page.getByLabel('Modelo').selectOption({ label: 'FH 540' });
  await page.getByLabel('Tipo de implemento').selectOption({ label: 'TRUCK' });
  await page.getByRole('button', { name: 'Próximo' }).click();
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expect(page.getByText('Já existe cadastro!')).toBeVisible();
  await expect(page.getByText('Etapa 1 de 3: Dados pessoais')).toBeVisible();
});

test('a driver enters as a freelancer, sees the queue move live, leaves with the code and deletes the account', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const me = addDriver(`ANA MOTORISTA ${RUN}`, 1, plateOf('ANA', 1));
  const ahead = addDriver(`BRUNO MOTORISTA ${RUN}`, 2, plateOf('BRU', 2));
  const behind = addDriver(`CAIO MOTORISTA ${RUN}`, 3, plateOf('CAI', 3));

  // Another driver is already waiting.
  const aheadApi = await driverApi(ahead);
  const joined = await aheadApi.post('/api/queue/save', { data: { truck: { id: ahead.truck } } });
  expect(joined.status(), await joined.text()).toBe(201);
  const aheadEntry = ((await joined.json()) as { id: number }).id;

  await signIn(page, '/app/login', { cpf: me.cpf, apiCompanyId: companyId });
  await expect(page.getByRole('heading', { name: 'Olá, Ana!' })).toBeVisible();
  await expect(page.getByText(`Você está conectado à ${COMPANY}.`)).toBeVisible();
  await page.getByRole('button', { name: 'Consultar Fila' }).click();
  await expect(page).toHaveURL('/app/fila');
  await expect(page.getByText('1 veículo aguardando na fila.')).toBeVisible();
  await page.getByRole('button', { name: 'Entrar na Fila' }).click();
  await expect(page).toHaveURL('/app/agendamento');

  // No orders: the freelancer entry. The only truck is chosen; a double tap makes one entry.
  await expect(page.getByText('Você não possui pedidos!')).toBeVisible();
  await expect(page.getByRole('radio', { name: new RegExp(me.plate) })).toBeChecked();
  await page.screenshot({ path: 'test-results/driver-scheduling.png', fullPage: true });
  const freelancer = page.getByRole('button', { name: 'Entrar como Autônomo' });
  await freelancer.dblclick();
  await expect(page.getByRole('heading', { name: 'Marcação Confirmada' })).toBeVisible();
  await expect(page.getByText('2º')).toBeVisible();
  expect(sql(`SELECT count(*) FROM queue_entries WHERE driver_id = ${me.id}`)).toBe('1');
  await expect(page).toHaveURL('/app/agendamento/status', { timeout: 10_000 });

  // My position, the plate ahead, the server clock.
  const position = page.getByTestId('my-position');
  await expect(position).toHaveText('2º');
  await expect(page.getByTestId('server-clock')).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}:\d{2}$/);
  const around = page.getByRole('region', { name: 'Veículos próximos' });
  await expect(around).toContainText(ahead.plate);
  await page.screenshot({ path: 'test-results/driver-status.png', fullPage: true });

  // Live (well under the 30 s fallback): a driver joins behind, then the one ahead leaves.
  const behindApi = await driverApi(behind);
  const behindJoin = await behindApi.post('/api/queue/save', { data: { truck: { id: behind.truck } } });
  expect(behindJoin.status()).toBe(201);
  await expect(around).toContainText(behind.plate, { timeout: 10_000 });
  const left = await aheadApi.delete(`/api/queue/delete/${aheadEntry}`);
  expect(left.status(), await left.text()).toBe(200);
  await expect(position).toHaveText('1º', { timeout: 10_000 });
  await expect(around).not.toContainText(ahead.plate);

  // The panel: my row highlighted.
  await page.getByRole('button', { name: 'Ver fila' }).click();
  await expect(page).toHaveURL('/app/painel/fila');
  const mine = page.locator('tr[aria-current="true"]');
  await expect(mine).toContainText(me.plate);
  await expect(mine).toContainText('1');
  await expect(page.getByRole('row', { name: new RegExp(behind.plate) })).toBeVisible();
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL('/');
  await page.getByRole('button', { name: 'Minha Posição' }).click();
  await expect(page).toHaveURL('/app/agendamento/status');

  // Leaving asks for the code shown.
  await page.getByRole('button', { name: 'Sair da fila' }).click();
  const dialog = page.getByRole('dialog', { name: 'Sair da fila' });
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByText('Dígite o código')).toBeVisible();
  const code = (await dialog.getByTestId('exit-code').textContent())!.trim();
  await dialog.getByLabel('Código').fill(code === '1000' ? '1001' : '1000');
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(dialog.getByText('Código incorreto')).toBeVisible();
  expect(sql(`SELECT count(*) FROM queue_entries WHERE driver_id = ${me.id} AND status = 'waiting'`)).toBe('1');
  await dialog.getByLabel('Código').fill(code);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Você saiu da fila com sucesso')).toBeVisible();
  await expect(page).toHaveURL('/app/edit', { timeout: 10_000 });
  expect(sql(`SELECT count(*) FROM queue_entries WHERE driver_id = ${me.id} AND status = 'waiting'`)).toBe('0');

  // The account goes, after the CPF and birth date typed again.
  await page.getByRole('button', { name: 'Deletar Conta' }).click();
  const del = page.getByRole('dialog', { name: 'Excluir conta' });
  await del.getByLabel('CPF').fill(me.cpf);
  await del.getByLabel('Data de nascimento').fill(BIRTH);
  await del.getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Conta excluida!')).toBeVisible();
  await expect(page).toHaveURL('/app/login', { timeout: 10_000 });
  expect(sql(`SELECT count(*) FROM drivers WHERE cpf = '${me.cpf.replace(/\D/g, '')}'`)).toBe('0');
  await aheadApi.dispose();
  await behindApi.dispose();
});

test('a driver refuses one authorised order and enters the queue with the other', async ({ page }) => {
  test.setTimeout(90_000);
  const d = addDriver(`DORA MOTORISTA ${RUN}`, 4, plateOf('DOR', 4));
  dora = d;
  const [a, b] = [`A${RUN}`.slice(0, 10), `B${RUN}`.slice(0, 10)];
  sql(`INSERT INTO customers (company_id, code, name) VALUES (${companyId}, 1, 'Fazenda ${RUN}')`);
  for (const code of [a, b, `X${RUN}`.slice(0, 10)]) {
    sql(`INSERT INTO orders (company_id, code, customer_id)
         SELECT ${companyId}, '${code}', id FROM customers WHERE company_id = ${companyId}`);
  }
  const loading = (code: string, days: number) =>
    sql(`INSERT INTO schedulings (company_id, order_id, truck_id, driver_id, qty_ordered, expiration_date)
         SELECT ${companyId}, id, ${d.truck}, ${d.id}, 32, (now() AT TIME ZONE 'America/Sao_Paulo')::date + ${days}
           FROM orders WHERE company_id = ${companyId} AND code = '${code}' RETURNING id`);
  const refused = loading(a, 5);
  refusedOrder = a;
  const chosen = loading(b, 3);
  loading(`X${RUN}`.slice(0, 10), 0); // no days left: not listed

  await signIn(page, '/app/login', { cpf: d.cpf, apiCompanyId: companyId });
  await page.goto('/app/agendamento');
  const orders = page.getByRole('region', { name: 'Pedidos Autorizados' });
  await expect(orders.getByRole('article')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/driver-orders.png', fullPage: true });

  await orders.getByRole('article', { name: `Pedido ${a}` }).getByRole('button', { name: 'Recusar' }).click();
  await page.getByRole('dialog', { name: 'Recusar' }).getByRole('button', { name: 'Recusar' }).click();
  await expect(page.getByText('Recusado com sucesso!')).toBeVisible();
  await expect(orders.getByRole('article')).toHaveCount(1);
  expect(sql(`SELECT reason FROM deleted_schedulings WHERE scheduling_id = ${refused}`)).toBe('RECUSADO PELO MOTORISTA');

  await orders.getByRole('article', { name: `Pedido ${b}` }).getByRole('button', { name: 'Entrar na fila' }).click();
  await expect(page.getByRole('heading', { name: 'Marcação Confirmada' })).toBeVisible();
  expect(sql(`SELECT scheduling_id FROM queue_entries WHERE driver_id = ${d.id} AND status = 'waiting'`)).toBe(
    String(chosen),
  );
  await expect(page).toHaveURL('/app/agendamento/status', { timeout: 10_000 });
  await expect(page.getByTestId('my-position')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Detalhes' })).toContainText(d.plate);
});

test('a driver in the queue manages its trucks from the profile and reads its history', async ({ page }) => {
  test.setTimeout(90_000);
  const d = dora!;
  await signIn(page, '/app/login', { cpf: d.cpf, apiCompanyId: companyId });
  const menu = async (entry: string) => {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: entry }).click();
  };
  await menu('Perfil');
  await expect(page).toHaveURL('/app/edit');
  await expect(page.getByLabel('CPF', { exact: true })).toHaveValue(d.cpf);
  await expect(page.getByLabel('Data de nascimento')).toHaveValue(BIRTH);
  // In the queue: the account cannot go yet.
  await expect(page.getByText('Saia da fila antes de excluir sua conta.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Deletar Conta' })).toBeDisabled();

  // A new truck in two steps.
  const plate = plateOf('NEW', 8);
  await page.getByRole('button', { name: 'Novo Caminhão' }).click();
  await expect(page).toHaveURL('/app/create/truck');
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('Placa é obrigatório!')).toBeVisible();
  await page.getByLabel('Placa').fill(plate);
  await page.getByLabel('Renavam').fill('98765432100');
  await page.getByLabel('Marca').selectOption({ label: 'Volvo' });
  await page.getByLabel('Modelo').selectOption({ label: 'FH 540' });
  await page.getByLabel('Tipo de implemento').selectOption({ label: 'VANDERLEIA' });
  await page.getByRole('button', { name: 'Próximo' }).click();
  await expect(page.getByText('Etapa 2 de 2')).toBeVisible();
  await page.getByRole('button', { name: 'Concluir' }).click();
  await expect(page).toHaveURL('/app/edit');
  const row = page.getByRole('row', { name: new RegExp(plate) });
  await expect(row).toContainText('98765432100');

  // Edit it, then unbind it.
  await row.getByRole('button', { name: `Editar ${plate}` }).click();
  await expect(page).toHaveURL(/\/app\/edit\/truck\/\d+$/);
  await expect(page.getByLabel('Tipo de implemento')).toHaveValue('VANDERLEIA');
  await page.getByLabel('Renavam').fill('11122233344');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL('/app/edit');
  await expect(page.getByRole('row', { name: new RegExp(plate) })).toContainText('11122233344');
  await page.getByRole('button', { name: `Desvincular ${plate}` }).click();
  await page.getByRole('dialog', { name: 'Desvincular' }).getByRole('button', { name: 'Desvincular' }).click();
  await expect(page.getByText('Caminhão desvinculado com sucesso')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(plate) })).toHaveCount(0, { timeout: 5_000 });
  expect(sql(`SELECT count(*) FROM trucks WHERE license_plate = '${plate}' AND driver_id IS NULL`)).toBe('1');
  await page.screenshot({ path: 'test-results/driver-profile.png', fullPage: true });

  // The history: the log rows, then the refused order among the expired authorisations.
  await menu('Histórico');
  await expect(page).toHaveURL('/app/history');
  await expect(page.getByRole('region', { name: 'Resultados' })).toContainText(plate);
  await menu('Autorizações Expiradas');
  await expect(page).toHaveURL('/app/history?tipo=expiradas');
  const card = page.getByRole('article', { name: `Pedido ${refusedOrder}` });
  await expect(card).toContainText('RECUSADO PELO MOTORISTA');

  // The activity log: today to seven days later, 10 rows a page, details on demand.
  await page.goto('/app/registro');
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  await expect(page.getByText('Consulta finalizada!')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Resultados' })).toContainText(plate);
});

test('leaving is blocked inside the window before the forecast, and a closed queue shows the maintenance notice', async ({
  page,
}) => {
  test.setTimeout(90_000);
  // No lead time: a new entry lands in the next slot, well inside the 6-hour window.
  sql(`UPDATE settings SET hour_entry_limit = 0 WHERE company_id = ${companyId}`);
  const g = addDriver(`GIL MOTORISTA ${RUN}`, 9, plateOf('GIL', 9));
  const api = await driverApi(g);
  const joined = await api.post('/api/queue/save', { data: { truck: { id: g.truck } } });
  expect(joined.status(), await joined.text()).toBe(201);
  await signIn(page, '/app/login', { cpf: g.cpf, apiCompanyId: companyId });
  await page.getByRole('button', { name: 'Minha Posição' }).click();
  await expect(page.getByText('Não é possível sair da fila a menos de 6 horas da previsão de carregamento.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sair da fila' })).toBeDisabled();
  await api.dispose();

  // The company closes its queue: a driver outside it sees the notice instead of the entry.
  sql(`UPDATE settings SET enable_queue_save = FALSE WHERE company_id = ${companyId}`);
  const h = addDriver(`HUGO MOTORISTA ${RUN}`, 10, plateOf('HUG', 10));
  await page.context().clearCookies();
  await signIn(page, '/app/login', { cpf: h.cpf, apiCompanyId: companyId });
  const notice = 'A entrada na fila está em manutenção no momento. Tente novamente mais tarde.';
  await expect(page.getByText(notice)).toBeVisible();
  await page.goto('/app/agendamento');
  await expect(page.getByText(notice)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Entrar como Autônomo' })).toHaveCount(0);
  // 'Como Chegar' without the company's map.
  await page.goto('/');
  await page.getByRole('button', { name: 'Como Chegar' }).click();
  await expect(page).toHaveURL('/app/como-chegar');
  await expect(page.getByText('A empresa ainda não informou o mapa de chegada.')).toBeVisible();
  sql(`UPDATE settings SET enable_queue_save = TRUE, hour_entry_limit = 8 WHERE company_id = ${companyId}`);
});

test('the driver app is installable and keeps its shell and last known position for the offline fallback', async ({ page }) => {
  test.setTimeout(90_000);
  const i = addDriver(`IARA MOTORISTA ${RUN}`, 11, plateOf('IAR', 11));
  const api = await driverApi(i);
  expect((await api.post('/api/queue/save', { data: { truck: { id: i.truck } } })).status()).toBe(201);
  await api.dispose();
  await signIn(page, '/app/login', { cpf: i.cpf, apiCompanyId: companyId });
  await expect(page.locator('link[rel="manifest"]')).toHaveCount(1);
  const manifest = await page.request.get('/manifest.webmanifest');
  expect(((await manifest.json()) as { short_name: string; start_url: string }).short_name).toBe('Pátio');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // Controlled from now on: one visit online stores the shell and the position.
  await page.goto('/app/agendamento/status');
  await expect(page.getByTestId('my-position')).toBeVisible();
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const urls = async (name: string) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
        return [...(await urls('patio-shell-v1')), ...(await urls('patio-driver-data-v1'))];
      }),
    )
    .toEqual(expect.arrayContaining(['/__shell', `/api/queue/position/driver/${i.id}`, '/api/auth/app/session']));
  // Signing out forgets the driver's cached answers.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Sair', exact: true }).click();
  await expect(page).toHaveURL('/app/login');
  await expect
    .poll(() =>
      page.evaluate(async () =>
        (await (await caches.open('patio-driver-data-v1')).keys()).some((r) => r.url.includes('/api/queue/position/')),
      ),
    )
    .toBe(false);
});

test('the company pop-up shows once and closes only after its 5-second countdown', async ({ page }) => {
  test.setTimeout(90_000);
  const popup = sql(`INSERT INTO popups (company_id, title, label, content, active)
                     VALUES (${companyId}, 'Aviso ${RUN}', 'Pátio em obras', '<p>Use o portão 2.</p>', TRUE) RETURNING id`);
  const j = addDriver(`JOSE MOTORISTA ${RUN}`, 12, plateOf('JOS', 12));
  await signIn(page, '/app/login', { cpf: j.cpf, apiCompanyId: companyId });
  const dialog = page.getByRole('dialog', { name: `Aviso ${RUN}` });
  await expect(dialog).toContainText('Use o portão 2.');
  await expect(dialog.getByRole('button', { name: /Fechar \(\d\)/ })).toBeDisabled();
  // After the countdown: the footer's 'Fechar' (and the ×) close it.
  const close = dialog.getByText('Fechar', { exact: true });
  await expect(close).toBeEnabled({ timeout: 8_000 });
  await close.click();
  await expect(dialog).toHaveCount(0);
  await expect.poll(() => sql(`SELECT count(*) FROM popup_reads WHERE popup_id = ${popup} AND driver_id = ${j.id}`)).toBe('1');
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Olá, Jose!' })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  sql(`UPDATE popups SET active = FALSE WHERE id = ${popup}`);
});
