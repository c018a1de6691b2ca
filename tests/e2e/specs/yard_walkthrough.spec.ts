/**
 * A whole yard day through the screens, as its users live it (issue: the defects that hide
 * between screens). In Demo Agro, its zone set to one where it is about noon now (restored
 * afterwards, as predicted_call.spec.ts does), its hours opened to the whole day and check-in
 * on from this machine's address:
 * 1. the company's Usuario creates an order (pedido) for a customer, carried by 'Transportadora
 *    Demo', and its loading (carregamento) for the driver's truck, through the office screens;
 * 2. the driver, on a 360×740 phone, signs in through the form, joins the queue with the
 *    authorised order and reads his position and 'Previsão de chamada';
 * 3. the Transportadora sees its vehicle in its Fila Virtual at the same position;
 * 4. the driver checks in at the yard (his phone on the yard's network);
 * 5. the dispatcher (Expedição) finds him on the Fila tab with the same position and
 *    prediction, and calls him from the Pátio tab;
 * 6. the yard TV lists the call (name, plate, the yard's time) and says it; the phone shows the
 *    call at the same time of day; the public panel shows him next;
 * 7. the loading starts and ends with its tonnage; the phone follows, the public panel shows
 *    him in service;
 * 8. the root administrator's /historico has the row.
 * Each step leaves a screenshot in test-results/walk-*.png, looked at by a person.
 *
 * What it found between the screens (fixed; docs/decisions.md, "A yard day through the
 * screens"): the phone and the panel's Pátio tab read São Paulo's clock while the TV, the
 * prediction and the panel header read the yard's; nothing on the panel said who was called;
 * the phone's grid showed position 0 while loading and 'Previsão de chamada' after the call;
 * the refused 'Sair da fila' looked pressable; the carrier's queue said it was empty while
 * loading. The clock checks are soft: one run names every screen whose clock is off.
 */
import { expect, expectAccessible, test, type Page } from './fixtures';
import { closePlates, openYardTv, pickSearched, recordSpeech, signIn, spoken, sql, staffApi, unique, cpfOf, openAttendance } from './support';

const RUN = unique();
const ORDER = `W${RUN}`.slice(0, 11);
const PLATE = `WLK${String(RUN % 10000).padStart(4, '0')}`;
const DRIVER = `JOAO PASSEIO ${RUN}`;
const CUSTOMER = `Fazenda Passeio ${RUN}`;
const PRODUCT = `SOJA W ${RUN}`;
const CPF = cpfOf(RUN);
const PHONE = { width: 360, height: 740 };
/** The yard's time of day: the spec's zone makes it about noon (11:30 to 12:30, and a call
 * made minutes later). */
const NOONISH = /(11|12|13):\d{2}/;

const DEMO = () => Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));

/** A fixed-offset zone where the local hour is within half an hour of noon now (IANA's Etc/GMT
 * names count west as positive); predicted_call.spec.ts's. */
function noonZone(now = new Date()): string {
  const offset = 12 - (Math.round(now.getUTCHours() + now.getUTCMinutes() / 60) % 24);
  return `Etc/GMT${offset >= 0 ? '-' : '+'}${Math.abs(offset)}`;
}

let saved = '';

test.beforeAll(() => {
  const demo = DEMO();
  saved = sql(
    `SELECT start_time || '|' || end_time || '|' || start_interval || '|' || end_interval || '|' || week_days::text
            || '|' || time_zone || '|' || enable_checkin || '|' || coalesce(checkin_ip, '') || '|' || programmed_total
       FROM settings WHERE company_id = ${demo}`,
  );
  sql(
    `UPDATE settings SET start_time = '00:00', end_time = '23:59', start_interval = '23:59', end_interval = '23:59',
            week_days = '[true, true, true, true, true, true, true]'::jsonb, enable_checkin = TRUE, checkin_ip = '127.0.0.1',
            programmed_total = 0, time_zone = '${noonZone()}'
      WHERE company_id = ${demo}`,
  );
  sql(`UPDATE delays_in_progress SET ended_at = now() WHERE company_id = ${demo} AND ended_at IS NULL`);
});

test.afterAll(() => {
  const demo = DEMO();
  closePlates(PLATE);
  const [start, end, lunchStart, lunchEnd, days, zone, checkin, ip, total] = saved.split('|');
  sql(
    `UPDATE settings SET start_time = '${start}', end_time = '${end}', start_interval = '${lunchStart}',
            end_interval = '${lunchEnd}', week_days = '${days}'::jsonb, time_zone = '${zone}',
            enable_checkin = ${checkin === 'true' ? 'TRUE' : 'FALSE'}, checkin_ip = ${ip ? `'${ip}'` : 'NULL'},
            programmed_total = ${total}
      WHERE company_id = ${demo}`,
  );
});

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/walk-${name}.png`, fullPage: true });

/** No English words of the product's own, and no raw keys or ids, on a screen. */
async function expectNoRawText(page: Page) {
  const text = await page.locator('body').innerText();
  expect(text).not.toMatch(/\b(undefined|null|NaN|Invalid Date|true|false|Loading|Error|Submit|Cancel)\b/);
  expect(text).not.toMatch(/\b[a-z]+(\.[a-z][A-Za-z]+){1,}\b/);
}

test('a yard day: order and loading, the phone joins and checks in, the call on the panel and the TV, the loading, the history', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const demo = DEMO();
  const carrier = sql(`SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'`);
  const model = sql("SELECT id FROM truck_models WHERE name = 'FH 540'");
  // The customer, the driver (a driver of the carrier) and his truck: their own screens have
  // their own stories.
  sql(`INSERT INTO customers (company_id, code, name, city) VALUES (${demo}, ${RUN % 100000}, '${CUSTOMER}', 'Sorriso')`);
  const driverId = Number(
    sql(
      `INSERT INTO drivers (company_id, shipping_company_id, name, cpf, cnh, birth_date, is_enabled, use_terms)
       VALUES (${demo}, ${carrier}, '${DRIVER}', '${CPF}', '12345678901', '1990-01-15', TRUE, TRUE) RETURNING id`,
    ),
  );
  sql(
    `INSERT INTO trucks (company_id, shipping_company_id, driver_id, vehicle_model_id, license_plate, renavam, implement_type, net_capacity, is_enabled)
     VALUES (${demo}, ${carrier}, ${driverId}, ${model}, '${PLATE}', '12345678901', 'TOCO', 40, TRUE)`,
  );
  const office = await staffApi(baseURL, 'usuario@patio.local');
  const product = await office.post('/api/product/create', { data: { id: 0, code: RUN % 1000000, name: PRODUCT, group: 0, ncmcode: '' } });
  expect(product.status(), await product.text()).toBe(201);
  await office.dispose();

  // ---- 1. The Usuario: the order, then its loading.
  const officeContext = await browser.newContext({ baseURL });
  const usuario = await officeContext.newPage();
  await signIn(usuario, '/login', 'usuario@patio.local', '/dashboard');
  await usuario.goto('/pedidos');
  await usuario.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(usuario).toHaveURL('/pedido/novo');
  await usuario.getByLabel('Código', { exact: true }).fill(ORDER);
  await pickSearched(usuario, usuario.getByRole('combobox', { name: /Cliente/ }), CUSTOMER);
  await pickSearched(usuario, usuario.getByRole('combobox', { name: 'Transportadoras' }), 'Transportadora Demo');
  await pickSearched(usuario, usuario.getByRole('combobox', { name: 'Produto' }), PRODUCT);
  await usuario.getByLabel('Quantidade (t)').fill('100');
  await usuario.getByRole('button', { name: 'Adicionar item' }).click();
  await expect(usuario.getByRole('row', { name: new RegExp(PRODUCT) })).toContainText('100,00 t');
  await shot(usuario, '01-order-form');
  await usuario.getByRole('button', { name: 'Salvar' }).click();
  await expect(usuario.getByText('Cadastro realizado com sucesso')).toBeVisible();
  await expect(usuario).toHaveURL('/pedidos', { timeout: 10_000 });
  await usuario.getByLabel('Buscar por id, código ou cliente').fill(ORDER);
  const orderRow = usuario.getByRole('row', { name: new RegExp(ORDER) });
  await expect(orderRow).toContainText(CUSTOMER);
  await expect(orderRow).toContainText('100,00 t');
  await expect(orderRow).toContainText('0%');
  await shot(usuario, '02-orders');

  await usuario.getByRole('button', { name: `Carregamentos do pedido ${ORDER}` }).click();
  await expect(usuario.getByRole('heading', { name: `Carregamentos do pedido ${ORDER}` })).toBeVisible();
  await usuario.getByRole('button', { name: 'Adicionar Veiculo' }).click();
  const newLoading = usuario.getByRole('dialog', { name: 'Novo Carregamento' });
  await newLoading.getByLabel('Placa').fill(PLATE);
  await expect(newLoading.getByText(/Volvo FH 540/)).toBeVisible();
  await pickSearched(usuario, newLoading.getByRole('combobox', { name: /Motorista/ }), DRIVER);
  await newLoading.getByLabel('Quantidade (t)').fill('30');
  await shot(usuario, '03-loading-form');
  await newLoading.getByRole('button', { name: 'Adicionar Veiculo' }).click();
  await expect(newLoading).toHaveCount(0);
  const loadingRow = usuario.getByRole('row', { name: new RegExp(PLATE) });
  await expect(loadingRow).toContainText('30,00 t');
  await expect(loadingRow).toContainText('7 Dias');
  await expectNoRawText(usuario);
  await shot(usuario, '04-loadings');

  // ---- 2. The driver's phone: sign-in, the queue, the authorised order, his position.
  const phoneContext = await browser.newContext({ baseURL, viewport: PHONE, isMobile: true, hasTouch: true });
  const phone = await phoneContext.newPage();
  await signIn(phone, '/app/login', { cpf: CPF, birthDate: '15/01/1990' }, '/');
  await expect(phone.getByRole('heading', { name: 'Olá, Joao!' })).toBeVisible();
  await expect(phone.getByText('Você está conectado à Demo Agro.')).toBeVisible();
  await shot(phone, '05-phone-home');
  await phone.getByRole('button', { name: 'Consultar Fila' }).click();
  await expect(phone).toHaveURL('/app/fila');
  await expect(phone.getByText(/veículos? aguardando na fila\./)).toBeVisible();
  await shot(phone, '06-phone-queue');
  await phone.getByRole('button', { name: 'Entrar na Fila' }).click();
  await expect(phone).toHaveURL('/app/agendamento');
  const authorised = phone.getByRole('region', { name: 'Pedidos Autorizados' }).getByRole('article', { name: `Pedido ${ORDER}` });
  await expect(authorised).toContainText(PLATE);
  await expect(authorised).toContainText('30 t');
  await shot(phone, '07-phone-orders');
  await authorised.getByRole('button', { name: 'Entrar na fila' }).click();
  await expect(phone.getByRole('heading', { name: 'Marcação Confirmada' })).toBeVisible();
  await shot(phone, '08-phone-confirmed');
  await expect(phone).toHaveURL('/app/agendamento/status', { timeout: 10_000 });
  const myPosition = phone.getByTestId('my-position');
  await expect(myPosition).toHaveText(/^\d+º$/);
  const position = Number((await myPosition.textContent())!.replace('º', ''));
  expect(position).toBeGreaterThan(0);
  const prediction = phone.getByTestId('predicted-call');
  await expect(prediction).toHaveText(/^Previsão de chamada: (hoje (às \d{2}:\d{2}|entre \d{2}:\d{2} e \d{2}:\d{2})|a qualquer momento)$/);
  // The phone's clock and the prediction read in the yard's zone (about noon there), not the PC's.
  await expect.soft(phone.getByTestId('server-clock')).toHaveText(new RegExp(`^\\d{2}/\\d{2}/\\d{4} ${NOONISH.source}:\\d{2}$`));
  const predicted = (await prediction.textContent())!.replace('Previsão de chamada: ', '');
  // The slot's forecast, in the yard's zone as the confirmation, the carrier's and the panel's.
  const forecast = phone.getByText(/^Previsão de atendimento:/);
  await expect.soft(forecast).toHaveText(new RegExp(`^Previsão de atendimento: \\d{2}/\\d{2}/\\d{4} ${NOONISH.source}$`));
  const slot = ((await forecast.textContent()) ?? '').slice(-5);
  await expect(phone.getByRole('region', { name: 'Detalhes' })).toContainText(PLATE);
  await expectNoRawText(phone);
  // Inside the 6 hours before the forecast: 'Sair da fila' is refused, and looks it (grey, not
  // the pale red that read as a button to press).
  const leave = phone.getByRole('button', { name: 'Sair da fila' });
  await expect(leave).toBeDisabled();
  await expect(leave).toHaveCSS('background-color', 'rgb(229, 231, 235)');
  await shot(phone, '09-phone-status');
  const queueId = Number(sql(`SELECT id FROM queue_entries WHERE driver_id = ${driverId} AND status = 'waiting'`));

  // ---- 3. The Transportadora: its vehicle in its Fila Virtual, at the same position.
  const carrierContext = await browser.newContext({ baseURL });
  const transp = await carrierContext.newPage();
  // While its queue is read it says so, not 'you have no trucks in the queue': the read is
  // held until the screen has been looked at.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await transp.route('**/api/queue/shipping-company/**', async (route) => {
    await held;
    await route.continue();
  });
  await signIn(transp, '/login', 'transp@patio.local', '/expedicao/transportadora');
  await expect(transp.getByRole('status').filter({ hasText: 'Carregando…' })).toBeVisible();
  await expect(transp.getByText('Neste momento, você não possui caminhões na fila virtual.')).toHaveCount(0);
  release();
  await transp.getByLabel('Buscar placa').fill(PLATE);
  const carrierRow = transp.getByRole('row', { name: new RegExp(PLATE) });
  await expect(carrierRow).toContainText(ORDER);
  await expect(carrierRow.getByRole('cell').first()).toHaveText(String(position));
  await expect(carrierRow).toContainText('JOAO PASSEIO');
  await expect(carrierRow.getByRole('cell').nth(5)).toHaveText(slot);
  await expectNoRawText(transp);
  await shot(transp, '10-carrier-queue');
  await expectAccessible(transp);
  await carrierContext.close();

  // ---- 4. At the yard: the check-in from the home.
  await phone.goto('/');
  await phone.getByRole('button', { name: 'Fazer Check-in' }).click();
  await expect(phone).toHaveURL('/app/checkin');
  await expect(phone.getByRole('heading', { name: 'Atenção' })).toBeVisible();
  await shot(phone, '11-phone-checkin-warning');
  await phone.getByRole('button', { name: 'Continuar' }).click();
  await phone.getByRole('button', { name: 'Confirmar check-in' }).click();
  await expect(phone.getByRole('heading', { name: 'Check-in realizado!' })).toBeVisible();
  await expect(phone).toHaveURL('/', { timeout: 6_000 });
  const wait = phone.getByTestId('checkin-wait');
  await expect(wait).toContainText('Aguarde ser chamado');
  await expect.soft(wait).toContainText(new RegExp(`Check-in feito em \\d{2}/\\d{2}/\\d{4} ${NOONISH.source}`));
  await shot(phone, '12-phone-checked-in');
  // 'Ver fila' from his position: his row, marked, at the same place and slot.
  await phone.getByRole('button', { name: 'Minha Posição' }).click();
  await phone.getByRole('button', { name: 'Ver fila' }).click();
  await expect(phone).toHaveURL('/app/painel/fila');
  const mine = phone.locator('tr[aria-current="true"]');
  await expect(mine).toContainText(PLATE);
  await expect(mine.getByRole('cell').first()).toHaveText(String(position));
  await expect(mine.getByRole('cell').nth(2)).toHaveText(new RegExp(`^\\d{2}/\\d{2}/\\d{4} ${slot}$`));
  await expectNoRawText(phone);
  await shot(phone, '12b-phone-queue-panel');
  await expectAccessible(phone);
  await phone.goto('/');

  // ---- 5. The dispatcher: the same position and prediction on the Fila tab; the call.
  await signIn(page, '/expedicao', 'expedicao@patio.local', '/expedicao/painel');
  await openAttendance(page);
  await expect.soft(page.getByText(new RegExp(`^Última atualização: ${NOONISH.source}:\\d{2}$`))).toBeVisible();
  await page.getByRole('tab', { name: 'Fila' }).click();
  await page.getByLabel('Buscar placa').fill(PLATE);
  const row = page.getByRole('row', { name: new RegExp(PLATE) });
  await expect(row).toContainText(ORDER);
  await expect(row).toContainText('JOAO PASSEIO');
  await expect(row.getByRole('cell').first()).toHaveText(String(position));
  await expect(row).toContainText(predicted);
  await expect(row.getByRole('cell').nth(5)).toHaveText(slot);
  await expectNoRawText(page);
  await shot(page, '13-dispatch-queue');

  // The yard TV and the public panel are on before the call (no sign-in).
  const tvContext = await browser.newContext({ baseURL });
  await recordSpeech(tvContext);
  const tv = await tvContext.newPage();
  await openYardTv(tv, demo);
  const board = await (await browser.newContext({ baseURL })).newPage();
  await board.goto('/painel');
  await expect(board.getByRole('heading', { name: 'Demo Agro', level: 1 })).toBeVisible();
  const boardEntry = board.getByRole('listitem').filter({ hasText: PLATE });
  await expect(boardEntry).toContainText(`${position}º`);
  await expect.soft(board.getByText(new RegExp(`Atualizado às ${NOONISH.source}`))).toBeVisible();
  await shot(board, '14-public-panel-waiting');

  await page.getByRole('tab', { name: 'Pátio' }).click();
  const yardRow = page.getByRole('row', { name: new RegExp(PLATE) });
  await expect(yardRow).toContainText('JOAO PASSEIO');
  // The check-in's time of day as the phone said it, in the yard's zone.
  await expect.soft(yardRow.getByRole('cell').nth(2)).toHaveText(new RegExp(`^${NOONISH.source}$`));
  await shot(page, '15-dispatch-yard');
  await page.getByRole('button', { name: `Chamar ${PLATE}` }).click();
  await expect(page.getByText(`Motorista chamado ${DRIVER}`)).toBeVisible();

  // ---- 6. The TV: the row (name, plate, the yard's time) and the voice.
  const tvRow = tv.getByRole('row', { name: new RegExp(PLATE) });
  await expect(tvRow).toContainText(DRIVER, { timeout: 5_000 });
  await expect(tvRow.getByRole('cell').nth(2)).toHaveText(new RegExp(`^${NOONISH.source}$`));
  const calledAt = (await tvRow.getByRole('cell').nth(2).textContent())!;
  const said = `Motorista ${DRIVER}, placa ${PLATE.split('').join(' ')}, dirija-se ao carregamento.`;
  await expect.poll(async () => (await spoken(tv)).includes(said), { timeout: 10_000 }).toBe(true);
  await shot(tv, '16-tv-called');
  // The panel tells who was called and when, as the TV does (it said 'No pátio' only).
  await expect(yardRow.getByRole('cell').nth(3)).toHaveText(calledAt);
  await shot(page, '16b-dispatch-yard-called');
  await expectAccessible(tv);
  await tvContext.close();

  // The phone says it too, at the TV's time of day.
  await expect(phone.getByRole('dialog', { name: 'Motorista chamado' })).toContainText(PLATE, { timeout: 10_000 });
  await shot(phone, '17-phone-called-notice');
  await phone.getByRole('button', { name: 'Estou indo' }).click();
  const stage = phone.locator('[data-stage]');
  await expect(stage).toHaveAttribute('data-stage', 'called');
  await expect.soft(stage).toContainText(`Chamado às ${calledAt}`);
  // The call came: no 'Previsão de chamada: a qualquer momento' under it any more.
  await expect(phone.getByTestId('predicted-call')).toHaveCount(0);
  await shot(phone, '18-phone-called');

  // ---- 7. The loading: started from the Fila tab, then finished with its tonnage.
  await page.getByRole('tab', { name: 'Fila' }).click();
  await expect(row).toContainText(`Chamado às ${calledAt}`);
  await row.getByRole('button', { name: `Iniciar ${PLATE}` }).click();
  const startDialog = page.getByRole('dialog').filter({ hasText: PLATE });
  await shot(page, '19-dispatch-start-confirm');
  await startDialog.getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Carregamento iniciado')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Atendimento' })).toBeVisible();
  await expect(stage).toHaveAttribute('data-stage', 'loading', { timeout: 10_000 });
  await expect(stage).toContainText('Em carregamento');
  await shot(phone, '20-phone-loading');
  // The driver's expedition panel: his plate in service.
  await phone.goto('/app/painel');
  await expect(phone.getByRole('region', { name: 'Expedição' })).toContainText(PLATE);
  // His row in the grid says he is in service, not position 0 (the public panel drops it).
  await expect(mine.getByRole('cell').first()).toHaveText('Em atendimento');
  await expect(phone.getByRole('cell', { name: '0', exact: true })).toHaveCount(0);
  await shot(phone, '20b-phone-expedition-panel');
  await phone.goto('/');
  const serving = board.getByRole('region', { name: 'Em atendimento' });
  await expect(serving).toContainText(PLATE, { timeout: 5_000 });
  await shot(board, '21-public-panel-serving');
  await expectAccessible(board);

  const inService = page.getByRole('row', { name: new RegExp(PLATE) });
  await inService.getByRole('button', { name: `Finalizar ${PLATE}` }).click();
  const finish = page.getByRole('dialog', { name: `Finalizar o carregamento do veículo ${PLATE}` });
  await finish.getByLabel('Tonelagem carregada (t)').pressSequentially('29500');
  await expect(finish.getByLabel('Tonelagem carregada (t)')).toHaveValue('29,500');
  await shot(page, '22-dispatch-finish');
  await finish.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Carregamento finalizado')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Atendimento' })).toHaveCount(0);
  await page.getByTestId('card-attended').click();
  const attended = page.getByRole('dialog', { name: 'Atendidos' }).getByRole('row', { name: new RegExp(PLATE) });
  await expect(attended).toContainText('29,500');
  await shot(page, '23-dispatch-attended');
  await page.keyboard.press('Escape');
  await expect(stage).toHaveAttribute('data-stage', 'done', { timeout: 10_000 });
  await expect(stage).toContainText('Carregamento concluído');
  await shot(phone, '24-phone-done');
  await expect(serving).not.toContainText(PLATE, { timeout: 5_000 });
  expect(sql(`SELECT status FROM queue_entries WHERE id = ${queueId}`)).toBe('attended');

  // The Usuario's order follows: 29,5 t of 100.
  await usuario.goto('/pedidos');
  await usuario.getByLabel('Buscar por id, código ou cliente').fill(ORDER);
  await expect(usuario.getByRole('row', { name: new RegExp(ORDER) })).toContainText('29%');
  await shot(usuario, '25-orders-after');
  await officeContext.close();

  // ---- 8. The root administrator's history.
  const adminContext = await browser.newContext({ baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, '/login', 'admin@patio.local', '/dashboard');
  await admin.locator('.ant-layout-sider').getByText('Histórico', { exact: true }).click();
  await expect(admin).toHaveURL('/historico');
  await expect(admin.getByRole('heading', { name: 'Histórico de Carregamento' })).toBeVisible();
  const historyRow = admin.getByRole('row', { name: new RegExp(ORDER) });
  await expect(historyRow).toContainText(CUSTOMER);
  await expect(historyRow).toContainText(PLATE);
  await expect(historyRow).toContainText('29,500');
  await expect.soft(historyRow).toContainText('30,000');
  await expectNoRawText(admin);
  await shot(admin, '26-history');
  await expectAccessible(admin);
  await adminContext.close();
  await phoneContext.close();
});
