import { expect, test, type Page } from './fixtures';
import { DEMO_BIRTH, DEMO_CPF, signIn } from './support';

// Issue 10: menus, refusals, sign-in pages and titles as each role meets them. Read-only on the
// demo data, so it depends on no other spec.

const ROLES = [
  { email: 'admin@patio.local', login: '/login', landing: '/dashboard' },
  { email: 'usuario@patio.local', login: '/login', landing: '/dashboard' },
  { email: 'transp@patio.local', login: '/login', landing: '/expedicao/transportadora' },
  { email: 'expedicao@patio.local', login: '/expedicao', landing: '/expedicao/painel' },
  { email: 'espectador@patio.local', login: '/expedicao', landing: '/expedicao/painel' },
  { email: 'portaria@patio.local', login: '/expedicao', landing: '/expedicao/painel' },
] as const;

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Menu' });

/** A page that is neither a sign-in form nor the not-found page, inside the staff layout. */
async function expectAPage(page: Page) {
  await expect(page.getByRole('button', { name: 'Sair', exact: true })).toBeVisible();
  await expect(page.getByLabel('Senha', { exact: true })).toHaveCount(0);
  await expect(page.getByText('Página não encontrada')).toHaveCount(0);
  await expect(page.getByText('Você não tem permissão de acesso!')).toHaveCount(0);
}

for (const { email, login, landing } of ROLES) {
  test(`every menu entry of ${email} opens a page`, async ({ page }) => {
    // The administrator's walk has 12 entries (Conjuntos included), each page checked by axe.
    test.setTimeout(180_000);
    await signIn(page, login, email, landing);
    await expect(sidebar(page).getByRole('menuitem', { name: 'Sair' })).toBeVisible();
    const entries = (await sidebar(page).getByRole('menuitem').allInnerTexts()).map((t) => t.trim());
    expect(entries.length).toBeGreaterThan(1);
    for (const label of entries.filter((l) => l !== 'Sair')) {
      // The step names the entry, so a failure says which menu entry leads nowhere.
      await test.step(`menu entry ${label}`, async () => {
        await page.goto(landing);
        await sidebar(page).getByRole('menuitem', { name: label, exact: true }).click();
        await expectAPage(page);
        // The entry's accessible name is its label: the icon is decorative.
        await expect(sidebar(page).getByRole('menuitem', { name: label, exact: true })).toBeVisible();
      });
    }
  });
}

for (const email of ['expedicao@patio.local', 'espectador@patio.local', 'portaria@patio.local']) {
  test(`${email} opening another role's page is told so and goes back home`, async ({ page }) => {
    await signIn(page, '/expedicao', email, '/expedicao/painel');
    await expect(sidebar(page).getByRole('menuitem', { name: 'Clientes' })).toHaveCount(0);
    await expect(sidebar(page).getByRole('menuitem', { name: 'Transportadoras' })).toHaveCount(0);
    for (const path of ['/clientes', '/transportadoras']) {
      await page.goto(path);
      await expect(page.getByText('Você não tem permissão de acesso!')).toBeVisible();
      await expect(page).toHaveURL(path);
      await expect(page.getByLabel('Senha')).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL('/expedicao/painel');
  });
}

test('the simple profile of a dispatch operator has a way back home', async ({ page }) => {
  await signIn(page, '/expedicao', 'portaria@patio.local', '/expedicao/painel');
  await page.getByRole('button', { name: 'Perfil', exact: true }).last().click();
  await expect(page).toHaveURL('/perfil');
  await sidebar(page).getByRole('menuitem', { name: 'Início' }).click();
  await expect(page).toHaveURL('/expedicao/painel');
});

test('a signed-in user opening a sign-in page is sent to the landing page', async ({ page }) => {
  await signIn(page, '/expedicao', 'expedicao@patio.local', '/expedicao/painel');
  await page.goto('/expedicao');
  await expect(page).toHaveURL('/expedicao/painel');
  await page.goto('/login');
  await expect(page).toHaveURL('/expedicao/painel');
  await expect(page.getByLabel('Senha')).toHaveCount(0);
});

test('a signed-in driver opening the driver login is sent to the home page', async ({ page }) => {
  await page.goto('/app/login');
  await page.getByLabel('CPF').fill(DEMO_CPF);
  await page.getByLabel('Data de nascimento').fill(DEMO_BIRTH);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).not.toHaveURL('/app/login');
  const home = new URL(page.url()).pathname;
  await page.goto('/app/login');
  await expect(page).toHaveURL(home);
  await expect(page.getByLabel('CPF')).toHaveCount(0);
});

test('the not-found page keeps the layout and goes back to the landing page', async ({ page }) => {
  await signIn(page, '/login', 'usuario@patio.local', '/dashboard');
  await page.goto('/nao-existe');
  await expect(page.getByText('Página não encontrada')).toBeVisible();
  await expect(sidebar(page)).toBeVisible();
  await page.getByRole('button', { name: 'Voltar ao início' }).click();
  await expect(page).toHaveURL('/dashboard');
});

test('each route sets its own title after the settings page', async ({ page }) => {
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await sidebar(page).getByRole('menuitem', { name: 'Configuração' }).click();
  await expect(page).toHaveTitle('Admin - Configurações - Pátio');
  await sidebar(page).getByRole('menuitem', { name: 'Usuários' }).click();
  await expect(page).toHaveURL('/usuarios');
  await expect(page).toHaveTitle('Admin - Pátio');
});

test('button icons are decorative: a button is named by its text only', async ({ page }) => {
  await signIn(page, '/login', 'admin@patio.local', '/dashboard');
  await page.goto('/empresas');
  await expect(page.getByRole('button', { name: 'Nova empresa', exact: true })).toBeVisible();
});

test('a failed driver sign-in toast does not follow the driver to the next page', async ({ page }) => {
  await page.goto('/app/login');
  await page.getByLabel('CPF').fill(DEMO_CPF);
  await page.getByLabel('Data de nascimento').fill('01/01/1980');
  await page.getByRole('button', { name: 'Entrar' }).click();
  const failed = page.locator('.d-toast-error');
  await expect(failed).toBeVisible();
  await page.getByLabel('Data de nascimento').fill(DEMO_BIRTH);
  await page.getByRole('button', { name: 'Entrar' }).click();
  await expect(page).not.toHaveURL('/app/login');
  await expect(page.locator('.d-toast')).toHaveCount(0);
});
