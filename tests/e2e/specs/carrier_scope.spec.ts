import { expect, test } from './fixtures';
import { closePlates, cpfOf, pickSearched, signIn, sql, unique } from './support';

// Issue 21 item 1, as the carrier lives it: a Transportadora's driver form reaches only its own
// shipping company's trucks. Naming another carrier's plate is refused with the message any
// taken plate gets, and nothing moves; a saved truck's plate is shown, never edited, in the
// driver's row (its renavam is). The linking screen takes no truck that waits in a queue: the
// carrier is told why, and the truck stays with its driver.

const plateOf = (prefix: string, run: number) => `${prefix}${String(run).slice(-6).padStart(6, '0')}`;

test('a Transportadora cannot take another carrier’s truck through the driver form', async ({ page }) => {
  test.setTimeout(90_000);
  const run = unique();
  const demo = sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`);
  const own = sql(`SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'`);
  const other = sql(
    `INSERT INTO shipping_companies (company_id, code, name, is_enabled)
     VALUES (${demo}, ${run % 100000}, 'OUTRA TRANSPORTADORA ${run}', TRUE) RETURNING id`,
  );
  const foreign = plateOf('F', run);
  sql(
    `INSERT INTO trucks (company_id, shipping_company_id, license_plate, implement_type, net_capacity, is_enabled)
     VALUES (${demo}, ${other}, '${foreign}', 'TOCO', 40, TRUE)`,
  );
  // A driver of the carrier's own with a saved truck.
  const name = `MOTORISTA ESCOPO ${run}`;
  const ownPlate = plateOf('P', run);
  const driver = sql(
    `INSERT INTO drivers (company_id, shipping_company_id, name, cpf, cnh, birth_date, is_enabled, use_terms)
     VALUES (${demo}, ${own}, '${name}', '${cpfOf(run)}', '12345678901', '1990-01-15', TRUE, TRUE) RETURNING id`,
  );
  sql(
    `INSERT INTO trucks (company_id, shipping_company_id, driver_id, license_plate, renavam, implement_type, net_capacity, is_enabled)
     VALUES (${demo}, ${own}, ${driver}, '${ownPlate}', '12345678901', 'TOCO', 40, TRUE)`,
  );

  await signIn(page, '/login', 'transp@patio.local', '/expedicao/transportadora');
  await page.goto(`/motorista/novo/${driver}`);
  await expect(page.getByRole('heading', { name: 'Editar Motorista' })).toBeVisible();

  // The saved truck's row edits its renavam; its plate stays a link to the truck's own form.
  await page.getByRole('button', { name: `Editar o caminhão ${ownPlate}` }).click();
  await expect(page.getByLabel(`Renavam (${ownPlate})`)).toBeVisible();
  await expect(page.getByLabel(`Placa (${ownPlate})`)).toHaveCount(0);
  await expect(page.getByRole('link', { name: ownPlate })).toBeVisible();
  await page.screenshot({ path: 'test-results/carrier-scope-readonly-plate.png', fullPage: true });
  await page.getByRole('button', { name: 'Cancelar' }).click();

  // Another carrier's plate added as a new row: refused, and the truck stays where it was.
  await page.getByRole('button', { name: 'Adicionar caminhão' }).click();
  const dialog = page.getByRole('dialog', { name: 'Adicionar caminhão' });
  await dialog.getByLabel('Placa').fill(foreign);
  await dialog.getByLabel('Renavam').fill('10987654321');
  await dialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(dialog).toBeHidden();
  const saved = page.waitForResponse((r) => r.url().endsWith('/api/driver/save') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(422);
  await expect(page.getByText('Placa já cadastrada!')).toBeVisible();
  await page.screenshot({ path: 'test-results/carrier-scope-refused.png', fullPage: true });
  expect(
    sql(`SELECT coalesce(driver_id::text, '-') || '|' || shipping_company_id FROM trucks WHERE license_plate = '${foreign}'`),
  ).toBe(`-|${other}`);
  await expect(page).toHaveURL(`/motorista/novo/${driver}`);
});

test('the linking screen tells a Transportadora that a truck waiting in the queue cannot be taken', async ({ page }) => {
  test.setTimeout(90_000);
  const run = unique();
  const demo = sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`);
  const own = sql(`SELECT id FROM shipping_companies WHERE name = 'Transportadora Demo'`);
  // An independent driver whose truck waits in Demo Agro's queue.
  const independent = sql(
    `INSERT INTO drivers (company_id, name, cpf, cnh, birth_date, is_enabled, use_terms)
     VALUES (${demo}, 'AUTONOMO FILA ${run}', '${cpfOf(run)}', '12345678901', '1990-01-15', TRUE, TRUE) RETURNING id`,
  );
  const plate = plateOf('Q', run);
  const truck = sql(
    `INSERT INTO trucks (company_id, driver_id, license_plate, implement_type, net_capacity, is_enabled)
     VALUES (${demo}, ${independent}, '${plate}', 'TOCO', 40, TRUE) RETURNING id`,
  );
  sql(
    `INSERT INTO queue_entries (company_id, driver_id, truck_id, status, joined_at, date)
     VALUES (${demo}, ${independent}, ${truck}, 'waiting', now(), current_date)`,
  );
  const mine = `MEU MOTORISTA ${run}`;
  sql(
    `INSERT INTO drivers (company_id, shipping_company_id, name, cpf, cnh, birth_date, is_enabled, use_terms)
     VALUES (${demo}, ${own}, '${mine}', '${cpfOf(run + 1)}', '12345678901', '1990-01-15', TRUE, TRUE)`,
  );
  try {
    await signIn(page, '/login', 'transp@patio.local', '/expedicao/transportadora');
    await page.goto('/conjuntos/vincular/transportadora');
    await expect(page.getByRole('heading', { name: 'Vincular Veículos à Transportadora' })).toBeVisible();
    await pickSearched(page, page.locator('#link-truck'), plate, plate);
    await pickSearched(page, page.locator('#link-driver'), mine, mine);
    await page.getByRole('button', { name: 'Adicionar' }).click();
    const bound = page.waitForResponse((r) => r.url().endsWith('/api/shipping-company/bind'));
    await page.getByRole('button', { name: 'Vincular Veiculos' }).click();
    expect((await bound).status()).toBe(409);
    await expect(page.getByText(`O caminhão ${plate} está na fila e não pode ser vinculado agora.`)).toBeVisible();
    await page.screenshot({ path: 'test-results/carrier-scope-link-refused.png', fullPage: true });
    expect(
      sql(`SELECT driver_id || '|' || coalesce(shipping_company_id::text, '-') FROM trucks WHERE id = ${truck}`),
    ).toBe(`${independent}|-`);
  } finally {
    closePlates(plate);
  }
});
