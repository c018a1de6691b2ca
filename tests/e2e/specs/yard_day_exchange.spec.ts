/**
 * Issue 22, items 1 and 4, as the dispatcher lives them: a driver checks in with his truck, the
 * Pátio tab calls him, the dispatcher exchanges the driver on the Fila tab ('Trocar motorista'),
 * and from then on the Pátio tab (also after a reload), the next 'Chamar', the yard TV and its
 * voice, and both drivers' phones (their API reads) name the driver who is on the truck. The
 * loading then completes, and the queue's and the history's PDFs read whole: the text that
 * `pdftotext` (Debian's poppler-utils, installed by `make test`) extracts has whole dates, whole
 * titles, no '?'.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { expect, expectAccessible, test, type Page } from './fixtures';
import {
  closePlates,
  cpfOf,
  driverJoins,
  orderedVehicle,
  pickSearched,
  openYardTv,
  recordSpeech,
  signIn,
  spoken,
  sql,
  staffApi,
  unique,
} from './support';

const RUN = unique();
const VEHICLE = {
  orderCode: `X${RUN}`.slice(0, 11),
  plate: `XCH${String(RUN % 10000).padStart(4, '0')}`,
  driverName: `MOTORISTA ANTERIOR ${RUN}`,
  customerName: `Cooperativa UX Teste de Nomes Compridos ${RUN}`,
  product: `SOJA X ${RUN}`,
};
const NEW_DRIVER = `MOTORISTA NOVO ${RUN}`;

test.afterAll(() => {
  closePlates(VEHICLE.plate);
  sql(
    `UPDATE settings SET enable_checkin = FALSE, checkin_ip = NULL
      WHERE company_id = (SELECT id FROM companies WHERE name = 'Demo Agro')`,
  );
});

/** The text a person's PDF viewer shows (`pdftotext -layout`). */
function pdfToText(path: string): string {
  return execFileSync('pdftotext', ['-layout', '-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
}

/** Downloads what the link `name` of `page` serves; its path. */
async function download(page: Page, name: string): Promise<string> {
  const wait = page.waitForEvent('download');
  await page.getByRole('link', { name }).click();
  const file = await wait;
  const path = test.info().outputPath(`${RUN}-${file.suggestedFilename()}`);
  await file.saveAs(path);
  return path;
}

const shot = (page: Page, name: string) => page.screenshot({ path: `test-results/exchange-${name}.png`, fullPage: true });

test('the exchanged driver is the one the Pátio tab, the call, the TV and the phones name; the PDFs read whole', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const demo = Number(sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`));
  sql(`UPDATE settings SET enable_checkin = TRUE, checkin_ip = '127.0.0.1', programmed_total = 0 WHERE company_id = ${demo}`);
  sql(`UPDATE delays_in_progress SET ended_at = now() WHERE company_id = ${demo} AND ended_at IS NULL`);

  const office = await staffApi(baseURL, 'usuario@patio.local');
  const vehicle = await orderedVehicle(office, RUN, VEHICLE, 30);
  // The driver who takes the truck: of the company, not in the queue, on no order.
  const newCpf = cpfOf(RUN + 5);
  const newDriverId = Number(
    sql(
      `INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
       VALUES (${demo}, '${NEW_DRIVER}', '${newCpf}', '1990-01-15', TRUE, TRUE) RETURNING id`,
    ),
  );
  const previous = await driverJoins(baseURL, vehicle);
  const checkin = await previous.phone.post('/api/checkins/save', {
    data: { queue: { id: previous.queueId }, isPresent: true, status: true },
  });
  expect(checkin.status(), await checkin.text()).toBe(201);

  // The yard TV (no sign-in) with a recorder for its voice.
  const tvContext = await browser.newContext({ baseURL });
  await recordSpeech(tvContext);
  const tv = await tvContext.newPage();
  await openYardTv(tv, demo);

  // ---- The dispatcher calls the driver who checked in.
  await signIn(page, '/expedicao', 'expedicao@patio.local', '/expedicao/painel');
  await page.getByRole('tab', { name: 'Pátio' }).click();
  await page.getByRole('button', { name: `Chamar ${vehicle.plate}` }).click();
  await expect(page.getByText(`Motorista chamado ${VEHICLE.driverName}`)).toBeVisible();
  const tvRow = tv.getByRole('row', { name: new RegExp(vehicle.plate) });
  await expect(tvRow).toContainText(VEHICLE.driverName, { timeout: 5_000 });
  await expect.poll(async () => (await spoken(tv)).some((t) => t.includes(VEHICLE.driverName)), { timeout: 15_000 }).toBe(true);

  // ---- 'Trocar motorista' on the Fila tab.
  await page.getByRole('tab', { name: 'Fila' }).click();
  await page.getByLabel('Buscar placa').fill(vehicle.plate);
  const row = page.getByRole('row', { name: new RegExp(vehicle.plate) });
  await expect(row).toContainText(VEHICLE.driverName);
  await row.getByRole('button', { name: `Trocar motorista ${vehicle.plate}` }).click();
  const dialog = page.getByRole('dialog', { name: `Trocar o motorista do veículo ${vehicle.plate}` });
  await pickSearched(page, dialog.getByRole('combobox', { name: 'Novo motorista' }), NEW_DRIVER);
  await shot(page, 'dialog');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Motorista trocado')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row).toContainText(NEW_DRIVER);

  // The Pátio tab names the new driver, now and after a reload.
  await page.getByRole('tab', { name: 'Pátio' }).click();
  const yardRow = page.getByRole('row', { name: new RegExp(vehicle.plate) });
  await expect(yardRow).toContainText(NEW_DRIVER);
  await expect(yardRow).not.toContainText(VEHICLE.driverName);
  await page.reload();
  await page.getByRole('tab', { name: 'Pátio' }).click();
  await expect(yardRow).toContainText(NEW_DRIVER);
  await shot(page, 'yard');

  // The TV lists the call in the new driver's name only, and says it.
  await expect(tvRow).toContainText(NEW_DRIVER, { timeout: 5_000 });
  await expect(tv.getByRole('row', { name: new RegExp(VEHICLE.driverName) })).toHaveCount(0);
  await expect.poll(async () => (await spoken(tv)).some((t) => t.includes(NEW_DRIVER)), { timeout: 20_000 }).toBe(true);

  // 'Chamar' again: the toast names him too.
  await page.getByRole('button', { name: `Chamar ${vehicle.plate}` }).click();
  await expect(page.getByText(`Motorista chamado ${NEW_DRIVER}`)).toBeVisible();
  await shot(tv, 'tv');
  await expectAccessible(tv);
  await tvContext.close();

  // The phones: the entry is no longer the previous driver's; the new one is checked in and
  // called.
  const gone = await previous.phone.get(`/api/checkins/count/${previous.queueId}`);
  expect(gone.status()).toBe(404);
  const { request } = await import('@playwright/test');
  const phone = await request.newContext({ baseURL });
  const login = await phone.post('/api/auth/app/login', {
    data: { cpf: newCpf, company: { id: demo }, birthDate: '1990-01-15', recaptcha_token: '' },
  });
  expect(login.status(), await login.text()).toBe(201);
  const state = await phone.get(`/api/checkins/count/${previous.queueId}`);
  expect(state.status()).toBe(200);
  const read = await state.json();
  expect(read.count).toBe(1);
  expect(read.checkin.driverId).toBe(newDriverId);
  expect(read.checkin.driverName).toBe(NEW_DRIVER);
  expect(read.checkin.isCalling).toBe(true);
  await phone.dispose();
  await previous.phone.dispose();

  // ---- The queue's PDF (the panel's header), read as a person's viewer shows it.
  const pdfHref = await page.getByRole('link', { name: 'Exportar PDF' }).getAttribute('href');
  const panelPdf = await page.request.get(pdfHref!);
  expect(panelPdf.status()).toBe(200);
  const queuePath = test.info().outputPath(`${RUN}-fila.pdf`);
  writeFileSync(queuePath, await panelPdf.body());
  const queuePdf = pdfToText(queuePath);
  expect(queuePdf).not.toContain('?');
  expect(queuePdf).toContain(vehicle.plate);
  expect(queuePdf).toContain(vehicle.orderCode);
  expect(queuePdf).toContain(NEW_DRIVER);
  expect(queuePdf).toContain('Cooperativa UX');

  // ---- The loading completes (the dispatcher's session's calls; their screens have their own
  // story).
  const dispatch = page.request;
  const started = await dispatch.post('/api/attendances/save', { data: { company: { id: demo } } });
  expect([200, 201]).toContain(started.status());
  const start = await dispatch.put('/api/queue/start', { data: { id: previous.queueId, status: true } });
  expect(start.status(), await start.text()).toBe(200);
  const close = await dispatch.post('/api/scheduling/close', {
    data: { id: vehicle.loadingId, status: true, qtyTransported: 14.8 },
  });
  expect(close.status(), await close.text()).toBe(200);
  await office.dispose();

  // The history's PDF (whole dates, titles and names) is read with pdftotext in the API test
  // yard_day_fidelity::the_pdf_reports_read_whole_dates_and_shorten_names_with_a_real_ellipsis.
});
