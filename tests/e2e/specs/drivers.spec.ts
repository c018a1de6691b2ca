import { expect, test } from './fixtures';
import { createCompany, pickSearched, signIn, sql, unique } from './support';

// Issue 12, drivers: a Usuario creates a driver with a contact, edits it, opens its logs and
// unbinds it from the shipping company; an administrator moving a driver who waits in a queue
// gets the move-company warning (Não keeps everything, Sim moves). Each run makes drivers of
// its own and never touches the demo driver.

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

test('a Usuario creates a driver with a contact, edits it, opens its logs and unbinds it', async ({ page }) => {
  test.setTimeout(120_000);
  const run = unique();
  const cpf = cpfOf(run);
  const name = `MOTORISTA ${run}`;
  await signIn(page, '/login', 'usuario@patio.local', '/dashboard');

  await page.locator('.ant-layout-sider').getByText('Motoristas', { exact: true }).click();
  await expect(page).toHaveURL('/motoristas');
  await expect(page.getByRole('heading', { name: 'Gerenciar Motoristas' })).toBeVisible();
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(page).toHaveURL('/motorista/novo');

  // The spec's messages, before anything is sent.
  await page.getByRole('button', { name: 'Salvar' }).click();
  for (const text of ['Nome e obrigatorio!', 'Numero de CPF e obrigatorio!', 'Cnh e obrigatorio!', 'Data de nascimento e obrigatorio!']) {
    await expect(page.getByText(text)).toBeVisible();
  }
  await page.getByLabel('CPF').fill('52998224726');
  await expect(page.getByLabel('CPF')).toHaveValue('529.982.247-26');
  await expect(page.getByText('Cpf Inválido')).toBeVisible();

  // The name is uppercased as typed; masks on CPF and birth date.
  await page.getByLabel('Nome', { exact: true }).fill(`motorista ${run}`);
  await expect(page.getByLabel('Nome', { exact: true })).toHaveValue(name);
  await page.getByLabel('CPF').fill(cpf.replace(/\D/g, ''));
  await expect(page.getByLabel('CPF')).toHaveValue(cpf);
  await page.getByLabel('CNH').fill('12345678901');
  await page.getByLabel('Data de nascimento').fill('15011990');
  await expect(page.getByLabel('Data de nascimento')).toHaveValue('15/01/1990');
  await pickSearched(page, page.getByLabel('Transportadora'), 'Transportadora Demo');

  // A contact: the add button waits for name, phone and e-mail; its row toggles to edit.
  const add = page.getByRole('button', { name: 'Adicionar contato' });
  await expect(add).toBeDisabled();
  await page.getByLabel('Nome do contato').fill('Maria');
  await page.getByLabel('Telefone', { exact: true }).fill('66999990001');
  await expect(page.getByLabel('Telefone', { exact: true })).toHaveValue('(66) 9 9999-0001');
  await expect(add).toBeDisabled();
  await page.getByLabel('E-mail', { exact: true }).fill('maria@example.com');
  await expect(add).toBeEnabled();
  await add.click();
  await expect(page.getByRole('cell', { name: 'Maria', exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Editar o contato Maria' }).click();
  await page.getByLabel('Nome do contato (Maria)').fill('Maria Souza');
  await page.getByRole('button', { name: 'Confirmar o contato Maria' }).click();
  await expect(page.getByRole('cell', { name: 'Maria Souza', exact: true })).toBeVisible();

  // A truck through the dialog: plate and renavam required, the plate keeps letters and digits.
  const plate = `D${String(run).slice(-6).padStart(6, '0')}`;
  await page.getByRole('button', { name: 'Adicionar caminhão' }).click();
  const truckDialog = page.getByRole('dialog', { name: 'Adicionar caminhão' });
  await truckDialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(truckDialog.getByText('Placa e obrigatorio!')).toBeVisible();
  await expect(truckDialog.getByText('Renavam e obrigatorio!')).toBeVisible();
  await truckDialog.getByLabel('Placa').fill(`${plate.slice(0, 3)}-${plate.slice(3)}`);
  await expect(truckDialog.getByLabel('Placa')).toHaveValue(plate);
  await truckDialog.getByLabel('Renavam').fill('123.456.789-01');
  await expect(truckDialog.getByLabel('Renavam')).toHaveValue('12345678901');
  await truckDialog.getByRole('button', { name: 'Adicionar' }).click();
  await expect(truckDialog).toBeHidden();
  await expect(page.getByRole('cell', { name: plate, exact: true })).toBeVisible();
  await page.screenshot({ path: 'test-results/drivers-form.png', fullPage: true });

  const created = page.waitForResponse((r) => r.url().endsWith('/api/driver/save') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await created).status()).toBe(201);
  await expect(page.getByText('Cadastro realizado com sucesso')).toBeVisible();
  await expect(page).toHaveURL('/motoristas', { timeout: 6_000 });

  // Found by CPF; edited.
  await page.getByLabel('Buscar Motorista').fill(cpf);
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toBeVisible();
  await expect(row.getByText('Transportadora Demo')).toBeVisible();
  await page.screenshot({ path: 'test-results/drivers-list.png', fullPage: true });
  await page.getByRole('button', { name: `Editar ${name}` }).click();
  await expect(page.getByRole('heading', { name: 'Editar Motorista' })).toBeVisible();
  await expect(page.getByLabel('CPF')).toHaveValue(cpf);
  await expect(page.getByLabel('Data de nascimento')).toHaveValue('15/01/1990');
  await expect(page.getByRole('cell', { name: 'Maria Souza', exact: true })).toBeVisible();
  // The saved truck is listed with a link to its own form; its row edits the renavam.
  await expect(page.getByRole('link', { name: plate })).toHaveAttribute('href', /\/caminhao\/novo\/\d+$/);
  await page.getByRole('button', { name: `Editar o caminhão ${plate}` }).click();
  await page.getByLabel(`Renavam (${plate})`).fill('10987654321');
  await page.getByRole('button', { name: `Confirmar o caminhão ${plate}` }).click();
  await expect(page.getByRole('cell', { name: '10987654321' })).toBeVisible();
  await page.getByLabel('CNH').fill('98765432100');
  const edited = page.waitForResponse((r) => r.url().endsWith('/api/driver/save') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await edited).status()).toBe(200);
  await expect(page.getByText('Edicao realizada com sucesso')).toBeVisible();
  await expect(page).toHaveURL('/motoristas', { timeout: 6_000 });
  expect(sql(`SELECT cnh FROM drivers WHERE cpf = '${cpf.replace(/\D/g, '')}'`)).toBe('98765432100');
  // The truck was created with the driver, in its company and shipping company.
  expect(
    sql(
      `SELECT t.renavam || '|' || (t.shipping_company_id = d.shipping_company_id) FROM trucks t
         JOIN drivers d ON d.id = t.driver_id WHERE t.license_plate = '${plate}'`,
    ),
  ).toBe('10987654321|true');

  // Its logs: today to seven days later, the registration row, no details.
  await page.getByLabel('Buscar Motorista').fill(cpf);
  await page.getByRole('button', { name: `Registros de ${name}` }).click();
  await expect(page).toHaveURL(/\/motoristas\/logs\/\d+$/);
  await expect(page.getByRole('heading', { name: `Registros do Motorista: ${name}` })).toBeVisible();
  await expect(page.getByText(/Motorista foi cadastrado em \d{2}\/\d{2}\/\d{4} às \d{2}:\d{2}/)).toBeVisible();
  await expect(page.getByText('Não há detalhes').first()).toBeVisible();
  await page.getByRole('button', { name: 'Limpar data final' }).click();
  const searched = page.waitForResponse((r) => r.url().includes('/api/log-driver/'));
  await page.getByRole('button', { name: 'Pesquisar' }).click();
  expect((await searched).status()).toBe(200);
  await expect(page.getByText('Consulta finalizada!')).toBeVisible();
  await page.getByText(/Motorista foi cadastrado em/).click();
  await expect(page.locator('.a-details').getByText('Não há detalhes')).toBeVisible();
  await page.screenshot({ path: 'test-results/drivers-logs.png', fullPage: true });

  // Back to the list; the Usuario unbinds instead of deleting.
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(page).toHaveURL('/motoristas');
  await page.getByLabel('Buscar Motorista').fill(cpf);
  await expect(page.getByRole('button', { name: `Excluir o motorista ${name}` })).toHaveCount(0);
  await page.getByRole('button', { name: `Desvincular ${name} da transportadora` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Desvincular' }).click();
  await expect(page.getByText('Motorista desvinculado com sucesso')).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) }).getByText('Nenhuma')).toBeVisible({ timeout: 5_000 });
});

test('an administrator moving a driver who waits in a queue is warned first', async ({ page, request }) => {
  test.setTimeout(120_000);
  const run = unique();
  const cpf = cpfOf(run + 1).replace(/\D/g, '');
  const name = `FILA ${run}`;
  const target = `Destino ${run}`;
  await createCompany(request, target);
  // A driver of Demo Agro waiting in its queue with a truck of its own.
  const demo = sql("SELECT id FROM companies WHERE name = 'Demo Agro'");
  const driver = sql(
    `INSERT INTO drivers (company_id, name, cpf, cnh, birth_date) VALUES (${demo}, '${name}', '${cpf}', '1', '1990-01-15') RETURNING id`,
  );
  const plate = `F${String(run).slice(-6).padStart(6, '0')}`;
  const truck = sql(
    `INSERT INTO trucks (company_id, driver_id, license_plate, net_capacity) VALUES (${demo}, ${driver}, '${plate}', 30) RETURNING id`,
  );
  sql(
    `INSERT INTO queue_entries (company_id, driver_id, truck_id, status, joined_at, position, forecast_at)
     VALUES (${demo}, ${driver}, ${truck}, 'waiting', now(), 1, now() + interval '1 day')`,
  );

  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.goto(`/motorista/novo/${driver}`);
  await expect(page.getByRole('heading', { name: 'Editar Motorista' })).toBeVisible();
  await pickSearched(page, page.getByLabel('Empresa', { exact: true }), target);

  // The warning; Não reloads the page and nothing moved.
  const refused = page.waitForResponse((r) => r.url().endsWith('/api/driver/save'));
  await page.getByRole('button', { name: 'Salvar' }).click();
  expect((await refused).status()).toBe(409);
  const dialog = page.getByRole('dialog', { name: 'Motorista na fila de outra empresa' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Este motorista está vinculado à empresa Demo Agro.')).toBeVisible();
  await expect(dialog.getByText(/Data na fila: /)).toBeVisible();
  await page.screenshot({ path: 'test-results/drivers-move-warning.png', fullPage: true });
  // Wait for the reload itself: the old page's heading would otherwise pass at once and the
  // next pick would land on a page about to go away.
  const reloaded = page.waitForEvent('load');
  await dialog.getByRole('button', { name: 'Não' }).click();
  await reloaded;
  await expect(page.getByRole('heading', { name: 'Editar Motorista' })).toBeVisible();
  await expect(page.getByLabel('Empresa', { exact: true })).toBeVisible();
  expect(sql(`SELECT company_id FROM drivers WHERE id = ${driver}`)).toBe(demo);
  expect(sql(`SELECT status FROM queue_entries WHERE driver_id = ${driver}`)).toBe('waiting');

  // Sim moves driver and truck and cancels the queue position.
  await pickSearched(page, page.getByLabel('Empresa', { exact: true }), target);
  await page.getByRole('button', { name: 'Salvar' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Sim' }).click();
  await expect(page.getByText('Edicao realizada com sucesso')).toBeVisible();
  await expect(page).toHaveURL('/motoristas', { timeout: 6_000 });
  const moved = sql(`SELECT company_id FROM drivers WHERE id = ${driver}`);
  expect(sql(`SELECT name FROM companies WHERE id = ${moved}`)).toBe(target);
  expect(sql(`SELECT company_id FROM trucks WHERE id = ${truck}`)).toBe(moved);
  expect(sql(`SELECT status FROM queue_entries WHERE driver_id = ${driver}`)).toBe('cancelled');
});
