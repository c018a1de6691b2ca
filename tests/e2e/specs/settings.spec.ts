import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, request, test, type APIRequestContext, type Locator, type Page } from './fixtures';
import { DEMO_CPF, PASSWORD, signIn, sql } from './support';

/** A 1x1 PNG (a real one: the server checks images by their bytes). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const WEEK = ['Dom', 'Seg', 'Ter', 'Qua', 'Qui', 'Sex', 'Sáb'];

/** The calendar day `days` from today in São Paulo: dd/MM/yyyy and its weekday (0 = Sunday). */
function spDay(days: number): { br: string; weekday: number } {
  const at = new Date(Date.now() + days * 86_400_000);
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Sao_Paulo',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'].indexOf(parts.weekday);
  return { br: `${parts.day}/${parts.month}/${parts.year}`, weekday };
}

/**
 * The API as the root administrator. Checks and the clean-up go through the API rather than
 * SQL, so they always reach the server this run started.
 */
async function adminApi(baseURL: string): Promise<{ api: APIRequestContext; companyId: number }> {
  const api = await request.newContext({ baseURL });
  const login = await api.post('/api/auth/login', {
    data: { email: 'admin@patio.local', password: PASSWORD, company: null, recaptcha_token: '', page: 'staff' },
  });
  expect(login.ok()).toBeTruthy();
  const companies = (await (await api.get('/api/company')).json()) as { id: number; name: string }[];
  const demo = companies.find((c) => c.name === 'Demo Agro');
  if (!demo) throw new Error('Demo Agro not found');
  return { api, companyId: demo.id };
}

async function getJson<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  expect(res.ok(), path).toBeTruthy();
  return (await res.json()) as T;
}

/** A toast (antd message); the latest when the same text shows twice. */
const toast = (page: Page, text: string): Locator => page.locator('.ant-message-notice').filter({ hasText: text }).last();

/** The visible tab panel (the others are hidden). */
const panel = (page: Page): Locator => page.getByRole('tabpanel');

async function openTab(page: Page, name: RegExp | string) {
  const tab = page.getByRole('tab', { name });
  await tab.click();
  // The tab is kept in the address (?aba=): wait until the switch has rendered.
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Waits for the answer to `method path` (the path's end), sent by what `act` does. */
async function answered(page: Page, method: string, path: RegExp, act: () => Promise<void>) {
  const answer = page.waitForResponse((r) => r.request().method() === method && path.test(new URL(r.url()).pathname));
  await act();
  const res = await answer;
  expect(res.ok(), `${method} ${res.url()}: ${await res.text()}`).toBeTruthy();
}

async function saveSettings(page: Page) {
  // Toasts last 5 s, so an earlier step's toast may still show: wait on the server instead.
  await answered(page, 'POST', /\/api\/settings\/save$/, () => panel(page).getByRole('button', { name: 'Salvar' }).click());
  await expect(toast(page, 'Alterações salvas com sucesso')).toBeVisible();
  // /settings is read again 2.5 s after saving; the button spins until the form is rebuilt.
  await page.waitForResponse((r) => /\/api\/settings\/company\/\d+$/.test(new URL(r.url()).pathname), { timeout: 10_000 });
  await expect(page.locator('.st-save-bar .ant-btn-loading')).toHaveCount(0);
}

async function resetQueue(page: Page) {
  await openTab(page, /Sistema/);
  await panel(page).getByRole('button', { name: 'Resetar fila' }).click();
  await answered(page, 'POST', /\/api\/queue\/reset$/, () =>
    page.getByRole('dialog').getByRole('button', { name: 'Resetar' }).click(),
  );
  await expect(toast(page, 'Fila resetada')).toBeVisible();
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

/** Types a day into an antd date input and confirms it. */
async function typeDay(input: Locator, br: string) {
  await input.click();
  await input.fill(br);
  await input.press('Enter');
}

test.describe.configure({ mode: 'serial' });
test.use({ screenshot: 'only-on-failure' });
// Each journey saves, waits for the 2.5 s reloads and resets the queue more than once.
test.describe.configure({ timeout: 90_000 });

test.describe('settings (root administrator)', () => {
  const target = spDay(2);
  const nextWeek = spDay(9);

  let api: APIRequestContext;
  let companyId: number;

  test.beforeAll(async ({ baseURL }) => {
    ({ api, companyId } = await adminApi(baseURL!));
    // The next dates below are planned from an empty queue: close what earlier specs left.
    sql(
      `UPDATE queue_entries SET status = 'cancelled', closed_at = now()
        WHERE company_id = ${companyId} AND status IN ('waiting', 'loading')`,
    );
  });

  test.afterAll(async () => {
    // Leave the demo company as seeded for the other specs.
    await api.post('/api/settings/save', {
      data: {
        company: { id: companyId },
        start: '07:00',
        end: '17:00',
        startInterval: '12:00',
        endInterval: '13:00',
        weekDays: '[false,true,true,true,true,true,true]',
      },
    });
    await api.post('/api/settings/toggle-tolerance', { data: { company: { id: companyId }, tolerance: false } });
    for (const [list, del] of [
      ['holidays/company', 'holidays/delete'],
      ['popups/company', 'popups/delete'],
      ['useTerm/company', 'useTerm/delete'],
    ]) {
      for (const row of await getJson<{ id: number }[]>(api, `/api/${list}/${companyId}`)) {
        await api.delete(`/api/${del}/${row.id}`);
      }
    }
    sql(`UPDATE settings SET enable_queue_without_scheduling = FALSE WHERE company_id = ${companyId}`);
    await api.post('/api/queue/reset', { data: { company: { id: companyId } } });
    await api.dispose();
  });

  test('changing the attendance hours moves the next dates, and a blocked date skips a week', async ({ page }) => {
    await signIn(page, '/login', 'admin@patio.local', '/dashboard');
    await page.goto(`/settings?empresa=${companyId}`);
    await expect(page.getByRole('tab', { name: /Sistema/ })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Empresa' })).toBeVisible();
    await expect(page.locator('.st-company')).toContainText('Demo Agro');

    // Only the weekday two days from now, 09:00-11:00 without a break.
    await openTab(page, /Informações/);
    const info = panel(page);
    for (let i = 0; i < 7; i++) {
      const box = info.getByRole('checkbox', { name: WEEK[i], exact: true });
      if ((await box.isChecked()) !== (i === target.weekday)) await box.click();
    }
    await info.getByLabel('Início do atendimento').fill('09:00');
    await info.getByLabel('Fim do atendimento').fill('11:00');
    await info.getByLabel('Início do intervalo').fill('00:00');
    await info.getByLabel('Fim do intervalo').fill('00:00');

    // A wrong entry is refused before sending, and kept for correcting.
    await info.getByLabel('Fim do atendimento').fill('08:00');
    await info.getByRole('button', { name: 'Salvar' }).click();
    await expect(info.getByText('O horário final deve ser depois do horário inicial.')).toBeVisible();
    await expect(info.getByLabel('Fim do atendimento')).toHaveValue('08:00');
    await info.getByLabel('Fim do atendimento').fill('11:00');
    await saveSettings(page);
    await expect(panel(page).getByLabel('Início do atendimento')).toHaveValue('09:00');

    await resetQueue(page);
    await expect(page.getByTestId('next-date')).toHaveText(`${target.br} às 09:00`);

    // The driver's login page shows the new hours and days.
    const driver = await page.context().newPage();
    await driver.goto('/app/login');
    await expect(driver.getByText('Horário: 09:00 às 11:00')).toBeVisible();
    await expect(driver.getByText(`Dias: ${WEEK[target.weekday]}`)).toBeVisible();
    await driver.close();

    // An earlier start moves the next slot.
    await openTab(page, /Informações/);
    await panel(page).getByLabel('Início do atendimento').fill('08:00');
    await saveSettings(page);
    await resetQueue(page);
    await expect(page.getByTestId('next-date')).toHaveText(`${target.br} às 08:00`);

    // Blocking that day sends the next slot a week later.
    await openTab(page, 'Bloqueios');
    const blocks = panel(page);
    await blocks.getByRole('button', { name: 'Salvar' }).click();
    await expect(blocks.getByText('Data é obrigatório')).toBeVisible();
    await blocks.getByLabel('Título').fill('Feriado E2E');
    await typeDay(blocks.getByPlaceholder('Data inicial'), target.br);
    await typeDay(blocks.getByPlaceholder('Data final'), target.br);
    await blocks.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Bloqueio de Datas salvo!')).toBeVisible();
    const row = blocks.getByRole('row', { name: /Feriado E2E/ });
    await expect(row).toContainText(target.br);
    const holidays = await getJson<{ title: string; dates: string[] }[]>(api, `/api/holidays/company/${companyId}`);
    expect(holidays.find((h) => h.title === 'Feriado E2E')?.dates).toEqual([target.br.split('/').reverse().join('-')]);

    await resetQueue(page);
    await expect(page.getByTestId('next-date')).toHaveText(`${nextWeek.br} às 08:00`);
  });

  test('a term is created with the rich-text editor', async ({ page }) => {
    await signIn(page, '/login', 'admin@patio.local', '/dashboard');
    await page.goto(`/settings?empresa=${companyId}&aba=termos`);
    await panel(page).getByRole('button', { name: 'Cadastrar' }).click();
    await expect(page).toHaveURL(/\/termos-de-acesso\/\d+\/novo\/undefined$/);

    // Empty: the server's messages, nothing sent.
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Título é obrigatório')).toBeVisible();
    await expect(page.getByText('Conteúdo é obrigatório')).toBeVisible();

    await page.getByLabel('Título').fill('Termos de Uso E2E');
    // Saved inactive, so that no one is asked to accept it again (the other specs sign in).
    const activate = page.getByRole('checkbox', { name: 'Ativar Termo' });
    await expect(activate).toBeChecked();
    await activate.uncheck();
    const editor = page.getByRole('textbox', { name: 'Conteúdo' });
    await editor.click();
    await page.keyboard.type('Usamos seus dados para chamar você na fila.');
    await page.keyboard.press('Control+b');
    await page.keyboard.type(' Importante.');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Cadastro realizado com sucesso')).toBeVisible();
    await expect(page).toHaveURL(/\/settings\?empresa=\d+&aba=termos$/, { timeout: 6_000 });
    await expect(panel(page).getByRole('row', { name: /Termos de Uso E2E/ })).toBeVisible();
    const terms = await getJson<{ title: string; content: string; active: boolean }[]>(api, `/api/useTerm/company/${companyId}`);
    const term = terms.find((t) => t.title === 'Termos de Uso E2E');
    expect(term?.active).toBe(false);
    expect(term?.content).toMatch(/Usamos seus dados para chamar você na fila\..*<strong>.*Importante\./);

    // The same title again is a duplicate.
    await panel(page).getByRole('button', { name: 'Cadastrar' }).click();
    await page.getByLabel('Título').fill('Termos de Uso E2E');
    await page.getByRole('textbox', { name: 'Conteúdo' }).click();
    await page.keyboard.type('Outro texto.');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(page.getByText('Dado já cadastrado!').first()).toBeVisible();
    await expect(page).toHaveURL(/\/novo\/undefined$/);
  });

  test('a pop-up is created with an image and shows its counts', async ({ page }) => {
    const dir = mkdtempSync(join(tmpdir(), 'patio-e2e-'));
    const png = join(dir, 'aviso.png');
    writeFileSync(png, PNG);
    const today = spDay(0);
    const later = spDay(10);

    await signIn(page, '/login', 'admin@patio.local', '/dashboard');
    await page.goto(`/settings?empresa=${companyId}&aba=popups`);
    const p = panel(page);
    await p.getByLabel('Título').fill('Aviso E2E');
    await p.getByLabel('Descrição').fill('Pátio fechado no feriado');
    await typeDay(p.getByLabel('Início'), today.br);
    await typeDay(p.getByLabel('Fim'), later.br);
    await page.getByTestId('popup-file').setInputFiles(png);
    await p.getByRole('textbox', { name: 'Conteúdo' }).click();
    await page.keyboard.type('Traga seus documentos.');

    const preview = page.getByTestId('popup-preview');
    await expect(preview.getByRole('heading', { name: 'Aviso E2E' })).toBeVisible();
    await expect(preview.getByText('Pátio fechado no feriado')).toBeVisible();
    await expect(preview.getByText('Traga seus documentos.')).toBeVisible();
    await expect(preview.getByRole('img')).toBeVisible();

    await p.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Popup criado com sucesso!')).toBeVisible();
    const row = p.getByRole('row', { name: /Aviso E2E/ });
    await expect(row).toContainText(today.br);
    await expect(row).toContainText(later.br);
    await expect(row.getByRole('cell').nth(4)).toHaveText('0');
    const popups = () => getJson<{ title: string; imageUrl: string | null }[]>(api, `/api/popups/company/${companyId}`);
    expect((await popups()).find((x) => x.title === 'Aviso E2E')?.imageUrl).toMatch(/^\/uploads\/popups\/.+\.png$/);

    // Editing keeps the image and says so.
    await row.getByRole('button', { name: /Editar/ }).click();
    await expect(preview.getByRole('img')).toBeVisible();
    await p.getByLabel('Título').fill('Aviso E2E editado');
    await p.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Popup atualizado com sucesso!')).toBeVisible();
    expect((await popups()).find((x) => x.title === 'Aviso E2E editado')?.imageUrl).toMatch(/^\/uploads\/popups\//);
  });

  test('the next date follows a driver joining and leaving, without reloading the page', async ({ page, baseURL }) => {
    await signIn(page, '/login', 'admin@patio.local', '/dashboard');
    await page.goto(`/settings?empresa=${companyId}`);
    const nextDate = page.getByTestId('next-date');
    await expect(nextDate).toHaveText(`${nextWeek.br} às 08:00`);

    // The demo driver joins as a freelancer from its phone (here: the API).
    sql(`UPDATE settings SET enable_queue_without_scheduling = TRUE WHERE company_id = ${companyId}`);
    const truck = Number(sql("SELECT id FROM trucks WHERE license_plate = 'DEM0A12'"));
    const phone = await request.newContext({ baseURL });
    const login = await phone.post('/api/auth/app/login', {
      data: { cpf: DEMO_CPF, company: { id: companyId }, birthDate: '1990-01-15', recaptcha_token: '' },
    });
    expect(login.status()).toBe(201);
    const joined = await phone.post('/api/queue/save', { data: { truck: { id: truck } } });
    expect(joined.status(), await joined.text()).toBe(201);
    const entry = (await joined.json()) as { id: number; time: string };
    expect(entry.time).toBe('08:00');

    // The queueChanged event reaches this screen, which reads the next date again.
    await expect(nextDate).not.toHaveText(`${nextWeek.br} às 08:00`);
    await expect(nextDate).toContainText(nextWeek.br);

    const left = await phone.delete(`/api/queue/delete/${entry.id}`);
    expect(left.ok(), await left.text()).toBeTruthy();
    await expect(nextDate).toHaveText(`${nextWeek.br} às 08:00`);
    await phone.dispose();
  });

  test('tolerance is toggled at once and the queue is reset', async ({ page }) => {
    await signIn(page, '/login', 'admin@patio.local', '/dashboard');
    await page.goto(`/settings?empresa=${companyId}`);
    const toleranceOn = async () =>
      (await getJson<{ enableTolerance: boolean }>(api, `/api/settings/company/${companyId}`)).enableTolerance;
    expect(await toleranceOn()).toBe(false);
    await panel(page).getByRole('switch', { name: 'Tolerância' }).click();
    await expect(toast(page, 'Tolerância ligada')).toBeVisible();
    await expect(panel(page).getByRole('switch', { name: 'Tolerância' })).toBeChecked();
    expect(await toleranceOn()).toBe(true);

    // While the reset runs, the button says so.
    await page.route('**/api/queue/reset', async (route) => {
      await new Promise((r) => setTimeout(r, 1_000));
      await route.continue();
    });
    await panel(page).getByRole('button', { name: 'Resetar fila' }).click();
    await expect(page.getByRole('dialog')).toContainText('Resetar a fila?');
    await page.getByRole('dialog').getByRole('button', { name: 'Resetar' }).click();
    await expect(panel(page).getByRole('button', { name: 'Resetando fila...' })).toBeVisible();
    await expect(toast(page, 'Fila resetada')).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Resetar fila' })).toBeVisible();
  });
});
