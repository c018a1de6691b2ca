import { expect, test } from './fixtures';
import { signIn, sql, unique } from './support';

// Issue 13, loading history: an administrator finds a finished loading in /historico from the
// menu and groups it by customer. The order and its loading are made through the API; the
// loading is marked finished directly. Loadings completed on the dispatch panel and rescued,
// and the three exports with their rows, are in the expedition story
// (expedition_story.spec.ts).

test('an administrator reads the history and groups it by customer', async ({ page }) => {
  test.setTimeout(120_000);
  const run = unique();
  const code = `H${run}`.slice(0, 11);
  const customerName = `Fazenda História ${run}`;
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  const demo = sql("SELECT id FROM companies WHERE name = 'Demo Agro'");
  const customer = sql(
    `INSERT INTO customers (company_id, code, name) VALUES (${demo}, ${run % 100000}, '${customerName}') RETURNING id`,
  );
  const product = await page.request.post('/api/product/create', {
    data: { id: 0, code: run % 1000000, name: `MILHO ${run}`, group: 0, ncmcode: '', company: { id: Number(demo) } },
  });
  expect(product.status(), await product.text()).toBe(201);
  const order = await page.request.post('/api/order/save', {
    data: {
      id: 0,
      code,
      customer: { id: Number(customer) },
      company: { id: Number(demo) },
      enable: true,
      sendEmail: false,
      shippingCompany: [],
      orderItem: [{ quantity: 100, product: { id: (await product.json()).id } }],
    },
  });
  expect(order.status(), await order.text()).toBe(201);
  const orderId = (await order.json()).id;
  const truck = sql("SELECT id FROM trucks WHERE license_plate = 'DEM0A12'");
  const driver = sql("SELECT id FROM drivers WHERE cpf = '52998224725'");
  const expiry = new Date(Date.now() + 5 * 86_400_000).toISOString().slice(0, 10);
  const saved = await page.request.post('/api/scheduling/save', {
    data: [{ order: { id: orderId }, truck: { id: Number(truck) }, driver: { id: Number(driver) }, qtyOrdered: 12, expirationDate: expiry }],
  });
  expect(saved.status(), await saved.text()).toBe(200);
  const loading = (await saved.json())[0].id;
  sql(
    `UPDATE schedulings SET status = TRUE, qty_transported = 11.25, exped_initial_date = now() - interval '1 hour', exped_date = now()
      WHERE id = ${loading}`,
  );

  await page.locator('.ant-layout-sider').getByText('Histórico', { exact: true }).click();
  await expect(page).toHaveURL('/historico');
  await expect(page.getByRole('heading', { name: 'Histórico de Carregamento' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(code) });
  await expect(row).toContainText(customerName);
  await expect(row).toContainText('DEM0A12');
  await expect(row).toContainText('11,250');
  await page.screenshot({ path: 'test-results/history-list.png', fullPage: true });

  // Grouped by customer: one row with its loadings and tonnes.
  await page.getByRole('combobox', { name: 'Agrupar por' }).click();
  await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: /^Cliente$/ }).click();
  const grouped = page.waitForResponse((r) => r.url().includes('groupBy=cliente'));
  await page.getByRole('button', { name: 'Filtrar' }).click();
  expect((await grouped).status()).toBe(200);
  await expect(page.getByRole('columnheader', { name: 'Carregamentos' })).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(customerName) })).toContainText('11,250');
  await page.screenshot({ path: 'test-results/history-grouped.png', fullPage: true });
});
