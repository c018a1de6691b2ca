import { expect, test, type Page } from './fixtures';
import { pickSearched, signIn, sql, unique } from './support';

// Issue 12, trucks: a Usuario registers a truck (the implement type fills axles and
// capacities), edits it, finds it by `?plate=` and unbinds it from its shipping company; an
// administrator deletes one after the confirmation, and a truck with a loading stays. Each run
// makes trucks of its own (plates from the run's number).

const SHOTS = 'test-results/trucks';

/** A plate of this run: 7 letters and digits. */
function plateOf(prefix: string, run: number): string {
  return `${prefix}${run.toString(36).toUpperCase().slice(-6).padStart(6, '0')}`.slice(0, 7);
}

/** Picks `option` in the antd select labelled `label`, typing it to filter the list. */
async function choose(page: Page, label: string, option: string) {
  const select = page.getByLabel(label, { exact: true });
  await select.click();
  await pickSearched(page, select, option);
}

test('a Usuario registers, edits, finds and unbinds a truck', async ({ page }) => {
  test.setTimeout(120_000);
  const run = unique();
  const plate = plateOf('U', run);
  await signIn(page, '/login', 'usuario@patio.local', '/dashboard');

  await page.locator('.ant-layout-sider').getByText('Caminhões', { exact: true }).click();
  await expect(page).toHaveURL('/caminhoes');
  await expect(page.getByRole('heading', { name: 'Caminhões' })).toBeVisible();
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page).toHaveURL('/caminhao/novo');
  await expect(page.getByRole('heading', { name: 'Cadastrar Caminhão' })).toBeVisible();

  // The form's own checks, with the spec's texts.
  await page.getByRole('button', { name: 'Salvar' }).click();
  for (const text of ['Placa e obrigatorio!', 'Renavam e obrigatorio!', 'Modelo e obrigatorio!', 'Tipo de implemento e obrigatorio!']) {
    await expect(page.getByText(text)).toBeVisible();
  }

  // The plate keeps letters and digits only, upper case.
  const typed = `${plate.slice(0, 3).toLowerCase()}-${plate.slice(3)}`;
  await page.getByLabel('Placa', { exact: true }).fill(typed);
  await expect(page.getByLabel('Placa', { exact: true })).toHaveValue(plate);
  await page.getByLabel('Renavam', { exact: true }).fill('12345678901');
  await page.getByLabel('Proprietário', { exact: true }).fill('Fazenda Boa Vista');
  await choose(page, 'Marca', 'Volvo');
  await choose(page, 'Modelo', 'FH 540');

  // The implement type fills axles and capacities, which stay read-only.
  await choose(page, 'Tipo de implemento', 'BITREM 7 EIXOS');
  await expect(page.getByLabel('Qtd. de eixos')).toHaveValue('7');
  await expect(page.getByLabel('Capacidade bruta (t)')).toHaveValue('57');
  await expect(page.getByLabel('Capacidade líquida (t)')).toHaveValue('42');
  await expect(page.getByLabel('Capacidade líquida (t)')).toBeDisabled();
  await choose(page, 'Transportadora', 'Transportadora Demo');
  await choose(page, 'Motorista', 'MOTORISTA DEMO');
  // A contact of the truck (the same rows as the driver form's).
  await page.getByLabel('Nome do contato').fill('Balança');
  await page.getByLabel('Telefone', { exact: true }).fill('66999990009');
  await page.getByLabel('E-mail', { exact: true }).fill('balanca@example.com');
  await page.getByRole('button', { name: 'Adicionar contato' }).click();
  await expect(page.getByRole('cell', { name: 'Balança', exact: true })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/form-filled.png`, fullPage: true });

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/truck/save'));
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await saved).status()).toBe(201);
  await expect(page.getByText('Cadastro realizado com sucesso')).toBeVisible();
  await expect(page).toHaveURL('/caminhoes', { timeout: 6_000 });
  const id = sql(`SELECT id FROM trucks WHERE license_plate = '${plate}'`);
  expect(sql(`SELECT concat_ws('/', shaft_quantity, gross_capacity::float8, net_capacity::float8) FROM trucks WHERE id = ${id}`)).toBe('7/57/42');
  expect(
    sql(`SELECT count(*) FROM driver_logs WHERE operation_type = 'CAD_TRUCK' AND data->'truck'->>'licensePlate' = '${plate}'`),
  ).toBe('1');
  expect(sql(`SELECT name || '|' || fone FROM contacts WHERE truck_id = ${id}`)).toBe('Balança|(66) 9 9999-0009');

  // Edit: another implement type, other capacities.
  await page.getByLabel('Buscar por id, placa, renavam ou modelo').fill(plate);
  await expect(page.getByRole('row', { name: new RegExp(plate) })).toBeVisible();
  await page.getByRole('button', { name: `Editar ${plate}` }).click();
  await expect(page).toHaveURL(`/caminhao/novo/${id}`);
  await expect(page.getByRole('heading', { name: 'Editar Caminhão' })).toBeVisible();
  await expect(page.getByLabel('Placa', { exact: true })).toHaveValue(plate);
  await choose(page, 'Tipo de implemento', 'RODOTREM 9 EIXOS');
  await expect(page.getByLabel('Qtd. de eixos')).toHaveValue('9');
  await expect(page.getByLabel('Capacidade líquida (t)')).toHaveValue('52');
  const edited = page.waitForResponse((r) => r.url().endsWith('/api/truck/save'));
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await edited).status()).toBe(200);
  await expect(page.getByText('Edicao realizada com sucesso')).toBeVisible();
  await expect(page).toHaveURL('/caminhoes', { timeout: 6_000 });

  // A link with ?plate= opens the list searching it.
  await page.goto(`/caminhoes?plate=${plate}`);
  await expect(page.getByLabel('Buscar por id, placa, renavam ou modelo')).toHaveValue(plate);
  const row = page.getByRole('row', { name: new RegExp(plate) });
  await expect(row).toBeVisible();
  await expect(row).toContainText('RODOTREM 9 EIXOS');
  await expect(row).toContainText('52,00 t');
  await expect(row).toContainText('Transportadora Demo');
  await page.screenshot({ path: `${SHOTS}/list-by-plate.png`, fullPage: true });

  // A Usuario unbinds (no delete): confirmation, message, the list reloads a second later.
  await expect(page.getByRole('button', { name: `Excluir o caminhão ${plate}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Desvincular o caminhão ${plate}?` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('O caminhão deixará a transportadora Transportadora Demo.');
  await dialog.getByRole('button', { name: 'Desvincular' }).click();
  await expect(page.getByText('Caminhão desvinculado com sucesso')).toBeVisible();
  await expect(row).toContainText('Nenhuma', { timeout: 5_000 });
  expect(sql(`SELECT count(*) FROM trucks WHERE id = ${id} AND shipping_company_id IS NULL`)).toBe('1');
});

test('an administrator deletes a truck after confirming; a truck with a loading stays', async ({ page }) => {
  test.setTimeout(120_000);
  const run = unique();
  const free = plateOf('F', run);
  const loaded = plateOf('L', run);
  const company = sql("SELECT id FROM companies WHERE name = 'Demo Agro'");
  const driver = sql("SELECT id FROM drivers WHERE cpf = '52998224725'");
  sql(`INSERT INTO trucks (company_id, license_plate, implement_type) VALUES (${company}, '${free}', 'TRUCK'), (${company}, '${loaded}', 'TRUCK')`);
  sql(
    `WITH cu AS (INSERT INTO customers (company_id, code, name) VALUES (${company}, ${run % 2_000_000_000}, 'Cliente ${run}') RETURNING id),
          o AS (INSERT INTO orders (company_id, code, customer_id) SELECT ${company}, 'T${run % 1e9}', id FROM cu RETURNING id)
     INSERT INTO schedulings (company_id, order_id, truck_id, driver_id, qty_ordered)
     SELECT ${company}, o.id, t.id, ${driver}, 10 FROM o, trucks t WHERE t.license_plate = '${loaded}'`,
  );
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');

  // The administrator's list: company filter, company column, delete.
  await page.goto(`/caminhoes?plate=${free}`);
  await expect(page.getByLabel('Filtrar por empresa')).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(free) });
  await expect(row).toContainText('Demo Agro');
  await page.getByRole('button', { name: `Excluir o caminhão ${free}` }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Excluir o caminhão');
  await expect(dialog).toContainText('Esta é uma ação permanente!');
  await page.screenshot({ path: `${SHOTS}/delete-confirm.png` });
  // Cancelling keeps it.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(row).toBeVisible();
  await page.getByRole('button', { name: `Excluir o caminhão ${free}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Excluido com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(free) })).toHaveCount(0);
  expect(sql(`SELECT count(*) FROM trucks WHERE license_plate = '${free}'`)).toBe('0');

  // A truck with a loading: the server's refusal, and it stays.
  await page.getByLabel('Buscar por id, placa, renavam ou modelo').fill(loaded);
  await page.getByRole('button', { name: `Excluir o caminhão ${loaded}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Erro ao excluir, existe(m) pedido(s) para este caminhão!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(loaded) })).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await page.screenshot({ path: `${SHOTS}/delete-refused.png` });
});
