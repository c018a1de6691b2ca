import { expect, test } from './fixtures';
import { signIn, sql, unique } from './support';

// Issue 12, brands and models: an administrator manages the truck catalog; a brand in use by a
// truck cannot be deleted. Each run makes brands and models of its own.

test('an administrator creates, edits and deletes brands and models; a brand in use stays', async ({ page }) => {
  test.setTimeout(90_000);
  const run = unique();
  const brand = `Marca ${run}`;
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');

  // From the menu to the brand list, then the new-brand form.
  await page.locator('.ant-layout-sider').getByText('Marcas', { exact: true }).click();
  await expect(page).toHaveURL('/marcas');
  await expect(page.getByRole('heading', { name: 'Gerenciar Marcas' })).toBeVisible();
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page).toHaveURL('/marca/novo');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Nome é obrigatório!')).toBeVisible();
  await page.getByLabel('Nome').fill(brand);
  await expect(page.getByText('Nome é obrigatório!')).toHaveCount(0);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Cadastro realizado com sucesso')).toBeVisible();
  await expect(page).toHaveURL('/marcas', { timeout: 6_000 });

  // The same name again (any case) is refused with the server's message, nothing lost.
  await page.goto('/marca/novo');
  await page.getByLabel('Nome').fill(brand.toUpperCase());
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page.getByText('Marca já cadastrada!').first()).toBeVisible();
  await expect(page.getByLabel('Nome')).toHaveValue(brand.toUpperCase());

  // Two models of the brand.
  for (const name of [`Pesado ${run}`, `Leve ${run}`]) {
    await page.goto('/modelo/novo');
    await page.getByLabel('Marca').fill(brand);
    await page.locator('.ant-select-item-option').filter({ hasText: brand }).click();
    await page.getByLabel('Nome').fill(name);
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page).toHaveURL('/modelos', { timeout: 6_000 });
  }
  await page.getByLabel('Buscar Modelo').fill(String(run));
  await expect(page.getByRole('row', { name: new RegExp(`Pesado ${run}`) })).toBeVisible();

  // Edit a model's name.
  await page.getByRole('button', { name: `Editar Leve ${run}` }).click();
  await expect(page.getByRole('heading', { name: 'Editar Modelo' })).toBeVisible();
  await expect(page.getByLabel('Nome')).toHaveValue(`Leve ${run}`);
  await page.getByLabel('Nome').fill(`Leve ${run} Eixo`);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(page).toHaveURL('/modelos', { timeout: 6_000 });

  // A truck on the heavy model (trucks have no screen yet): the brand cannot go, the free
  // model can.
  const model = sql(`SELECT id FROM truck_models WHERE name = 'Pesado ${run}'`);
  const company = sql("SELECT id FROM companies WHERE name = 'Demo Agro'");
  const plate = `T${String(run).slice(-6).padStart(6, '0')}`;
  sql(`INSERT INTO trucks (company_id, vehicle_model_id, license_plate) VALUES (${company}, ${model}, '${plate}')`);
  await page.goto('/marcas');
  await page.getByLabel('Buscar Marca').fill(String(run));
  await page.getByRole('button', { name: `Excluir a marca ${brand}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Erro ao excluir, existe(m) caminhões(s) com esta marca!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(brand) })).toBeVisible();

  await page.goto('/modelos');
  await page.getByLabel('Buscar Modelo').fill(`Leve ${run}`);
  await page.getByRole('button', { name: `Excluir o modelo Leve ${run} Eixo` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Excluir' }).click();
  await expect(page.getByText('Excluido com sucesso!')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(`Leve ${run}`) })).toHaveCount(0);
});
