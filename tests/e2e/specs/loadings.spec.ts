/**
 * Products, orders and loadings (issue 11) as a Usuario uses them: a CSV import with its checked
 * preview, an order with two items and two carriers through the form, then the order's loadings:
 * one vehicle refused by a check (the server's message on screen), one added, edited and
 * deleted.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from './fixtures';
import { pickSearched, signIn, sql, unique } from './support';

test.describe.configure({ mode: 'serial' });

const RUN = unique();
const CODE_A = 700000 + (RUN % 100000);
const CODE_B = CODE_A + 1;
const ORDER = `L${RUN}`.slice(0, 11);

test('a Usuario imports products from a CSV file after a checked preview', async ({ page }, info) => {
  test.setTimeout(120_000);
  await signIn(page, '/login', 'usuario@patio.local', '/dashboard');
  await page.goto('/produtos');
  await page.getByRole('button', { name: 'Importar' }).click();
  await expect(page).toHaveURL('/produto/novo');
  await expect(page.getByRole('link', { name: /Baixar modelo CSV/ })).toBeVisible();

  // A bad file first: the preview marks the row and nothing can be imported.
  mkdirSync(info.outputDir, { recursive: true });
  const bad = join(info.outputDir, 'bad.csv');
  writeFileSync(bad, `codigo;nome;grupo;ncm\n${CODE_A};;agricola;12019000\n`);
  await page.locator('input[type=file]').setInputFiles(bad);
  await expect(page.getByRole('row', { name: /Nome é obrigatório!/ })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Importar linhas' })).toBeDisabled();

  const good = join(info.outputDir, 'good.csv');
  writeFileSync(
    good,
    `codigo;nome;grupo;ncm\n${CODE_A};SOJA E2E ${RUN};Agrícola;1201.90.00\n;sem código;;\n${CODE_B};MILHO E2E ${RUN};outro;10059010\n`,
  );
  await page.locator('input[type=file]').setInputFiles(good);
  await expect(page.getByText('2 linhas prontas para importar.')).toBeVisible();
  await page.screenshot({ path: 'test-results/products-import.png' });
  await page.getByRole('button', { name: 'Importar linhas' }).click();
  await expect(page).toHaveURL('/produtos', { timeout: 10_000 });
  await page.getByLabel('Buscar por nome, código NCM ou código').fill(`E2E ${RUN}`);
  await expect(page.getByRole('row', { name: new RegExp(`${CODE_A} - SOJA E2E`) })).toContainText('AGRICOLA');
  await expect(page.getByRole('row', { name: new RegExp(`${CODE_B} - MILHO E2E`) })).toContainText('SIDERURGICA');

  // Edit: the code is read-only, the group is chosen by name.
  await page.getByRole('button', { name: `Editar MILHO E2E ${RUN}` }).click();
  await expect(page.getByLabel('Código', { exact: true })).toHaveAttribute('readonly', '');
  await page.getByLabel('Nome', { exact: true }).fill(`MILHO VERDE E2E ${RUN}`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Edicao realizada com sucesso')).toBeVisible();
  await expect(page).toHaveURL('/produtos', { timeout: 10_000 });
});

test('a Usuario creates an order with two items and two carriers', async ({ page }) => {
  test.setTimeout(120_000);
  const demo = sql(`SELECT id FROM companies WHERE name = 'Demo Agro'`);
  sql(
    `INSERT INTO customers (company_id, code, name, city) VALUES (${demo}, ${RUN % 100000}, 'Fazenda L ${RUN}', 'Sorriso') RETURNING id`,
  );
  sql(
    `INSERT INTO shipping_companies (company_id, code, name, is_enabled) VALUES (${demo}, ${(RUN % 100000) + 7}, 'Rodovia L ${RUN}', TRUE) RETURNING id`,
  );
  await signIn(page, '/login', 'usuario@patio.local', '/dashboard');
  await page.goto('/pedidos');
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page).toHaveURL('/pedido/novo');

  // Save without anything: the form says what is missing.
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Código é obrigatório!')).toBeVisible();
  await expect(page.getByText('Cliente é obrigatório!')).toBeVisible();

  await page.getByLabel('Código', { exact: true }).fill(ORDER);
  await pickSearched(page, page.getByRole('combobox', { name: /Cliente/ }), `Fazenda L ${RUN}`);
  const carriers = page.getByRole('combobox', { name: 'Transportadoras' });
  await pickSearched(page, carriers, 'Transportadora Demo');
  await pickSearched(page, carriers, `Rodovia L ${RUN}`);

  for (const [name, qty] of [
    [`SOJA E2E ${RUN}`, '30'],
    [`MILHO VERDE E2E ${RUN}`, '20'],
  ]) {
    await pickSearched(page, page.getByRole('combobox', { name: 'Produto' }), name);
    await page.getByLabel('Quantidade (t)').fill(qty);
    await page.getByRole('button', { name: 'Adicionar item' }).click();
  }
  await expect(page.getByRole('row', { name: /SOJA E2E/ })).toContainText('30,00 t');
  await expect(page.getByRole('row', { name: /MILHO VERDE E2E/ })).toContainText('20,00 t');
  await page.screenshot({ path: 'test-results/order-form.png', fullPage: true });
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cadastro realizado com sucesso')).toBeVisible();
  await expect(page).toHaveURL('/pedidos', { timeout: 10_000 });
  await page.getByLabel('Buscar por id, código ou cliente').fill(ORDER);
  const row = page.getByRole('row', { name: new RegExp(ORDER) });
  await expect(row).toContainText('50,00 t');
  await expect(row).toContainText('0%');
  expect(
    sql(
      `SELECT count(*) FROM order_shipping_companies osc JOIN orders o ON o.id = osc.order_id WHERE o.code = '${ORDER}'`,
    ),
  ).toBe('2');
});

test('the order takes vehicles through its loadings screen: a check refuses one, another is added, edited and deleted', async ({
  page,
}) => {
  test.setTimeout(150_000);
  await signIn(page, '/login', 'usuario@patio.local', '/dashboard');
  await page.goto('/pedidos');
  await page.getByLabel('Buscar por id, código ou cliente').fill(ORDER);
  await page.getByRole('button', { name: `Carregamentos do pedido ${ORDER}` }).click();
  await expect(page.getByRole('heading', { name: `Carregamentos do pedido ${ORDER}` })).toBeVisible();
  await expect(page.getByText('Fazenda L')).toBeVisible();

  // The demo truck carries 16 t: 17 t is refused by the server's second check.
  await page.getByRole('button', { name: 'Adicionar Veiculo' }).click();
  const dialog = page.getByRole('dialog', { name: 'Novo Carregamento' });
  await dialog.getByLabel('Placa').fill('dem-0');
  await expect(dialog.getByText('O valor deve conter apenas letras, numeros e sem espacos.')).toBeVisible();
  await dialog.getByLabel('Placa').fill('DEM0A12');
  await expect(dialog.getByText(/Volvo FH 540/)).toBeVisible();
  await pickSearched(page, dialog.getByRole('combobox', { name: /Motorista/ }), 'MOTORISTA DEMO');
  await dialog.getByLabel('Quantidade (t)').fill('17');
  await dialog.getByRole('button', { name: 'Adicionar Veiculo' }).click();
  await expect(dialog.getByText('A quantidade ultrapassa a capacidade do veiculo')).toBeVisible();
  await page.screenshot({ path: 'test-results/loading-refused.png' });

  await dialog.getByLabel('Quantidade (t)').fill('15');
  await dialog.getByRole('button', { name: 'Adicionar Veiculo' }).click();
  await expect(dialog).toHaveCount(0);
  const row = page.getByRole('row', { name: /DEM0A12/ });
  await expect(row).toContainText('15,00 t');
  await expect(row).toContainText('7 Dias');

  await row.getByRole('button', { name: 'Editar carregamento DEM0A12' }).click();
  await row.getByLabel('Quantidade').fill('12,5');
  await row.getByRole('button', { name: 'Salvar carregamento' }).click();
  await expect(page.getByRole('row', { name: /DEM0A12/ })).toContainText('12,50 t');
  await page.screenshot({ path: 'test-results/loadings.png', fullPage: true });

  await page.getByRole('row', { name: /DEM0A12/ }).getByRole('button', { name: /Excluir/ }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByRole('row', { name: /DEM0A12/ })).toHaveCount(0);
});
