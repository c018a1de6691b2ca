import { readFileSync } from 'node:fs';
import { expect, test, type Page } from './fixtures';
import { cpfOf, pickSearched, readXlsx, signIn, sql, unique } from './support';

// Issue 12, sets and linking: a Transportadora links two trucks and drivers to itself and
// unbinds one; an administrator pages through the sets and exports them, and the downloaded
// CSV and XLSX open with the spec's columns. Drivers and trucks are made with SQL (their own
// screens belong to other slices); each run makes its own.

const HEADER = ['Id', 'Nome', 'CPF', 'Caminhão', 'Transportadora', 'Unidade'];

const masked = (cpf: string) => `${cpf.slice(0, 3)}.${cpf.slice(3, 6)}.${cpf.slice(6, 9)}-${cpf.slice(9)}`;

/** A driver of Demo Agro with one truck (model Volvo FH 540); returns their ids. */
function driverWithTruck(name: string, cpf: string, plate: string): { driver: string; truck: string } {
  const company = sql("SELECT id FROM companies WHERE name = 'Demo Agro'");
  const model = sql("SELECT id FROM truck_models WHERE name = 'FH 540'");
  const driver = sql(
    `INSERT INTO drivers (company_id, name, cpf, cnh, birth_date, is_enabled, use_terms)
     VALUES (${company}, '${name}', '${cpf}', '123', '1988-04-05', TRUE, TRUE) RETURNING id`,
  );
  const truck = sql(
    `INSERT INTO trucks (company_id, driver_id, vehicle_model_id, license_plate, implement_type, net_capacity)
     VALUES (${company}, NULL, ${model}, '${plate}', 'TRUCK', 16) RETURNING id`,
  );
  return { driver, truck };
}

/** Picks an option of the antd select `#id` by typing `text`. */
async function pick(page: Page, id: string, text: string, option: string | RegExp) {
  await pickSearched(page, page.locator(`#${id}`), text, option);
}

// The queue labels story puts a driver in Demo Agro's queue; the specs that follow plan that
// queue from empty, so the entry is closed however the story ends.
test.afterAll(() => {
  sql(
    `UPDATE queue_entries SET status = 'cancelled', closed_at = now()
      WHERE status IN ('waiting', 'loading')
        AND driver_id IN (SELECT id FROM drivers WHERE name LIKE 'FILA %')`,
  );
});

test('a Transportadora links two trucks and drivers to itself and unbinds one', async ({ page }) => {
  test.setTimeout(120_000);
  const run = unique();
  const tag = String(run).slice(-5).padStart(5, '0');
  const plates = [`LK${tag}`, `LM${tag}`];
  const names = [`ALFA VINCULO ${run}`, `BETA VINCULO ${run}`];
  const cpfs = [cpfOf(run), cpfOf(run + 1)];
  const made = [0, 1].map((i) => driverWithTruck(names[i], cpfs[i], plates[i]));
  const shipping = sql("SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'");

  await signIn(page, '/login', 'transp@patio.local', '/expedicao/transportadora');
  await page.goto('/conjuntos/vincular/transportadora');
  await expect(page.getByRole('heading', { name: 'Vincular Veículos à Transportadora' })).toBeVisible();
  // Its own shipping company is chosen; nothing is selected, so nothing can be bound yet.
  await expect(page.locator('.s-picker')).toContainText('Transportadora Demo');
  await expect(page.getByRole('button', { name: 'Vincular Veiculos' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Adicionar' })).toBeDisabled();

  // Two pairs: a truck by plate (its model shows), a driver by name, then by CPF.
  await pick(page, 'link-truck', plates[0].toLowerCase(), `${plates[0]} - Volvo FH 540`);
  await pick(page, 'link-driver', names[0], names[0]);
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await pick(page, 'link-truck', plates[1], plates[1]);
  await pick(page, 'link-driver', masked(cpfs[1]), names[1]);
  await page.getByRole('button', { name: 'Adicionar' }).click();
  const pending = page.locator('section', { has: page.getByRole('heading', { name: 'Conjuntos a vincular' }) });
  // Two per page: the second pair is on page 1 with the first.
  await expect(pending.getByRole('row', { name: new RegExp(plates[0]) })).toBeVisible();
  await expect(pending.getByRole('row', { name: new RegExp(plates[1]) })).toBeVisible();
  // Excluir takes an unselected pair out; with none selected the buttons wait.
  await pending.getByRole('checkbox', { name: `Selecionar ${plates[0]}` }).uncheck();
  await pending.getByRole('checkbox', { name: `Selecionar ${plates[1]}` }).uncheck();
  await expect(page.getByRole('button', { name: 'Vincular Veiculos' })).toBeDisabled();
  await expect(pending.getByRole('button', { name: 'Excluir' })).toBeDisabled();
  await pending.getByRole('checkbox', { name: `Selecionar ${plates[0]}` }).check();
  await pending.getByRole('checkbox', { name: `Selecionar ${plates[1]}` }).check();
  await page.screenshot({ path: 'test-results/sets-link-pending.png', fullPage: true });

  const bound = page.waitForResponse((r) => r.url().endsWith('/api/shipping-company/bind'));
  await page.getByRole('button', { name: 'Vincular Veiculos' }).click();
  expect((await bound).status()).toBe(200);
  await expect(page.getByText('Veículos vinculados com sucesso!')).toBeVisible();
  await expect(pending.getByRole('row', { name: new RegExp(plates[0]) })).toHaveCount(0);
  for (const i of [0, 1]) {
    expect(sql(`SELECT shipping_company_id FROM trucks WHERE id = ${made[i].truck}`)).toBe(shipping);
    expect(sql(`SELECT shipping_company_id FROM drivers WHERE id = ${made[i].driver}`)).toBe(shipping);
    expect(sql(`SELECT driver_id FROM trucks WHERE id = ${made[i].truck}`)).toBe(made[i].driver);
  }

  // The linked pairs, filtered to this run's; unbind the second with its confirmation.
  const linked = page.locator('section', { has: page.getByRole('heading', { name: 'Conjuntos vinculados' }) });
  await linked.getByLabel('Filtrar').fill(`VINCULO ${run}`);
  await expect(linked.getByRole('row', { name: new RegExp(plates[0]) })).toBeVisible();
  await expect(linked.getByRole('row', { name: new RegExp(plates[1]) })).toBeVisible();
  await page.screenshot({ path: 'test-results/sets-link-linked.png', fullPage: true });
  await linked.getByRole('button', { name: `Desvincular ${plates[1]} / ${names[1]}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.locator('.ant-modal-confirm-title')).toHaveText('Desvincular');
  const unbound = page.waitForResponse((r) => r.url().endsWith('/api/shipping-company/unbind'));
  await dialog.getByRole('button', { name: 'Desvincular' }).click();
  expect((await unbound).status()).toBe(200);
  await expect(page.getByText('Conjunto desvinculado com sucesso')).toBeVisible();
  await expect(linked.getByRole('row', { name: new RegExp(plates[1]) })).toHaveCount(0);
  await expect(linked.getByRole('row', { name: new RegExp(plates[0]) })).toBeVisible();
  expect(sql(`SELECT coalesce(shipping_company_id, 0) FROM trucks WHERE id = ${made[1].truck}`)).toBe('0');
  expect(sql(`SELECT coalesce(shipping_company_id, 0) FROM drivers WHERE id = ${made[1].driver}`)).toBe('0');
  expect(sql(`SELECT shipping_company_id FROM trucks WHERE id = ${made[0].truck}`)).toBe(shipping);

  // Its sets: only its own, 'Desvincular' instead of 'Excluir', no export.
  await page.goto('/conjuntos');
  await page.getByLabel('Motorista (nome ou CPF)').fill(`VINCULO ${run}`);
  await expect(page.getByRole('row', { name: new RegExp(plates[0]) })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(plates[1]) })).toHaveCount(0);
  await expect(page.getByRole('button', { name: `Desvincular o motorista ${names[0]}` })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Exportar CSV' })).toHaveCount(0);
  await expect(page.getByRole('columnheader', { name: 'Transportadora' })).toHaveCount(0);
  await page.screenshot({ path: 'test-results/sets-carrier-list.png', fullPage: true });
});

test('an administrator pages through the sets and exports them; the files open with the right columns', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const run = unique();
  const tag = String(run).slice(-5).padStart(5, '0');
  // 20 drivers of this run: 15 rows first, 5 more with 'Carregar mais'.
  const company = sql("SELECT id FROM companies WHERE name = 'Demo Agro'");
  const lot = Array.from(
    { length: 20 },
    (_, i) => `(${company}, 'LOTE ${run} ${String(i + 1).padStart(2, '0')}', '${cpfOf(run + 100 + i)}', '1990-01-01')`,
  ).join(', ');
  sql(`INSERT INTO drivers (company_id, name, cpf, birth_date) VALUES ${lot}`);
  const plate = `EX${tag}`;
  const one = driverWithTruck(`EXPORTADO ${run}`, cpfOf(run + 5), plate);
  sql(`UPDATE trucks SET driver_id = ${one.driver} WHERE id = ${one.truck}`);

  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.locator('.ant-layout-sider').getByText('Conjuntos', { exact: true }).click();
  await expect(page).toHaveURL('/conjuntos');
  await expect(page.getByRole('heading', { name: 'Conjuntos' })).toBeVisible();

  // The search waits 1 s after typing (spec 2 section 9), then asks for 15 rows.
  const filtered = page.waitForResponse((r) => r.url().includes(`driver_search=LOTE+${run}`));
  await page.getByLabel('Motorista (nome ou CPF)').fill(`LOTE ${run}`);
  await filtered;
  const rows = page.locator('.ant-table-tbody tr.ant-table-row');
  await expect(rows).toHaveCount(15);
  await expect(rows.first()).toContainText(`LOTE ${run}`);
  await page.getByRole('button', { name: 'Carregar mais' }).click();
  await expect(page.getByText('Consulta finalizada', { exact: true })).toBeVisible();
  await expect(rows).toHaveCount(20);
  await expect(page.getByRole('button', { name: 'Carregar mais' })).toHaveCount(0);
  await expect(page.getByText('Fim da lista')).toBeVisible();

  // Queue labels: a coloured tag with the position; the date only while waiting. (The queue
  // jobs of `patio serve` store the plan again, so the position and forecast are the server's.)
  const labels: [string, string][] = [
    ['waiting', 'Na fila'],
    ['attended', 'Atendido'],
    ['faulty', 'Falta'],
  ];
  for (const [i, [status]] of labels.entries()) {
    const d = driverWithTruck(`FILA ${run} ${i}`, cpfOf(run + 50 + i), `FI${tag}`.slice(0, 6) + String(i));
    sql(`UPDATE trucks SET driver_id = ${d.driver} WHERE id = ${d.truck}`);
    const closed = status === 'waiting' ? 'NULL' : 'now()';
    sql(
      `INSERT INTO queue_entries (company_id, driver_id, truck_id, status, position, date, forecast_at, closed_at)
       VALUES (${company}, ${d.driver}, ${d.truck}, '${status}', 1, CURRENT_DATE + 1, now() + interval '1 day', ${closed})`,
    );
  }
  const queued = page.waitForResponse((r) => r.url().includes(`driver_search=FILA+${run}`));
  await page.getByLabel('Motorista (nome ou CPF)').fill(`FILA ${run}`);
  await queued;
  const queueRows = page.getByRole('row', { name: new RegExp(`FILA ${run}`) });
  await expect(queueRows).toHaveCount(3);
  for (const [i, [, label]] of labels.entries()) {
    await expect(queueRows.nth(i)).toContainText(label);
    if (i === 0) await expect(queueRows.nth(i)).toContainText(/\dº\s*\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
    else await expect(queueRows.nth(i)).not.toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  }
  await page.screenshot({ path: 'test-results/sets-admin-queue.png', fullPage: true });
  // 'Na Fila': the waiting one only.
  const inQueue = page.waitForResponse((r) => r.url().includes('inQueue=true'));
  await page.getByRole('switch', { name: 'Na Fila' }).click();
  await inQueue;
  await expect(queueRows).toHaveCount(1);
  await page.getByRole('switch', { name: 'Na Fila' }).click();

  // The exported set: this run's driver with its truck.
  await page.getByLabel('Motorista (nome ou CPF)').fill(`EXPORTADO ${run}`);
  const row = page.getByRole('row', { name: new RegExp(plate) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('Nenhuma');
  await expect(row).toContainText('Demo Agro');
  await expect(row).toContainText(masked(cpfOf(run + 5)));
  await page.screenshot({ path: 'test-results/sets-admin-list.png', fullPage: true });
  const expected = [one.driver, `EXPORTADO ${run}`, masked(cpfOf(run + 5)), plate, 'Nenhuma', 'Demo Agro'];

  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar CSV' }).click();
  const csv = await csvDownload;
  expect(csv.suggestedFilename()).toBe('conjuntos.csv');
  const csvPath = test.info().outputPath('conjuntos.csv');
  await csv.saveAs(csvPath);
  const text = readFileSync(csvPath, 'utf8').replace(/^\uFEFF/, '');
  const lines = text.split(/\r?\n/).filter((l) => l.length > 0);
  expect(lines[0].split(';')).toEqual(HEADER);
  expect(lines).toHaveLength(2);
  expect(lines[1].split(';')).toEqual(expected);

  const xlsxDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Exportar XLSX' }).click();
  const xlsx = await xlsxDownload;
  expect(xlsx.suggestedFilename()).toBe('conjuntos.xlsx');
  const xlsxPath = test.info().outputPath('conjuntos.xlsx');
  await xlsx.saveAs(xlsxPath);
  const sheet = readXlsx(xlsxPath);
  expect(sheet[0]).toEqual(HEADER);
  expect(sheet).toHaveLength(2);
  expect(sheet[1]).toEqual(expected);

  // 'Excluir' (administrator): the truck, then the driver, each after its confirmation.
  await page.getByRole('button', { name: `Excluir o caminhão ${plate}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Excluido com sucesso!')).toBeVisible();
  await expect(page.getByRole('button', { name: `Excluir o caminhão ${plate}` })).toHaveCount(0, { timeout: 5_000 });
  expect(sql(`SELECT count(*) FROM trucks WHERE id = ${one.truck}`)).toBe('0');
  await page.getByRole('button', { name: `Excluir o motorista EXPORTADO ${run}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('row', { name: new RegExp(`EXPORTADO ${run}`) })).toHaveCount(0);
  expect(sql(`SELECT count(*) FROM drivers WHERE id = ${one.driver}`)).toBe('0');
});
