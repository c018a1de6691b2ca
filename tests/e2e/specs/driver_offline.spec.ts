/**
 * The driver app with the network gone (issue 23): after one visit online, the installed app
 * opens from the phone, shows the last position read with the time it was read ("posição de
 * 14:32") and says it is offline; the position screen is labelled the same way, not passed off
 * as live. A driver of a company of this spec's own, alone in its queue (1º).
 */
import { expect, test } from './fixtures';
import { createCompany, sql, unique } from './support';

test.use({ viewport: { width: 360, height: 640 }, isMobile: true, hasTouch: true });

const RUN = unique();

/** A valid CPF (11 digits) from `n`. */
function cpfOf(n: number): string {
  const digits = [...String(n % 1e9).padStart(9, '0')].map(Number);
  const check = (ds: number[]) => {
    const r = ds.reduce((s, d, i) => s + d * (ds.length + 1 - i), 0) % 11;
    return r < 2 ? 0 : 11 - r;
  };
  digits.push(check(digits));
  digits.push(check(digits));
  return digits.join('');
}

const hourMinute = new Intl.DateTimeFormat('pt-BR', {
  timeZone: 'America/Sao_Paulo',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

test('offline after one visit, the installed driver app opens with the last position and the time it was read', async ({ page, request }) => {
  test.setTimeout(90_000);
  const companyId = await createCompany(request, `OFF ${RUN}`);
  sql(`INSERT INTO settings (company_id, start_time, end_time, time_attendence, week_days, hour_entry_limit,
                             enable_queue_save, enable_queue_without_scheduling)
       VALUES (${companyId}, '00:00', '23:59', '00:30', '[true, true, true, true, true, true, true]'::jsonb, 8, TRUE, TRUE)
       ON CONFLICT (company_id) DO UPDATE SET start_time = '00:00', end_time = '23:59', time_attendence = '00:30',
         week_days = '[true, true, true, true, true, true, true]'::jsonb, hour_entry_limit = 8,
         enable_queue_save = TRUE, enable_queue_without_scheduling = TRUE`);
  const cpf = cpfOf(RUN);
  const driverId = Number(
    sql(`INSERT INTO drivers (company_id, name, cpf, birth_date, is_enabled, use_terms)
         VALUES (${companyId}, 'OTO MOTORISTA ${RUN}', '${cpf}', '1990-01-15', TRUE, TRUE) RETURNING id`),
  );
  const plate = `OFF${RUN % 10}A${String(RUN % 100).padStart(2, '0')}`;
  const truck = Number(
    sql(`INSERT INTO trucks (company_id, driver_id, license_plate, renavam, implement_type, shaft_quantity, gross_capacity, net_capacity, is_enabled)
         VALUES (${companyId}, ${driverId}, '${plate}', '12345678901', 'TRUCK', 3, 23, 16, TRUE) RETURNING id`),
  );
  const login = await page.request.post('/api/auth/app/login', {
    data: { cpf, company: { id: companyId }, birthDate: '1990-01-15', recaptcha_token: '' },
  });
  expect(login.status(), await login.text()).toBe(201);
  expect((await page.request.post('/api/queue/save', { data: { truck: { id: truck } } })).status()).toBe(201);

  // The one visit online: the home, then the position. The worker takes the page over during
  // the visit and keeps the shell, the files and the last answers.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Olá, Oto!' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => !!navigator.serviceWorker.controller)).toBe(true);
  await page.getByRole('button', { name: 'Minha Posição' }).click();
  await expect(page.getByTestId('my-position')).toHaveText('1º');
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const urls = async (name: string) => (await (await caches.open(name)).keys()).map((r) => new URL(r.url).pathname);
        return [...(await urls('patio-shell-v1')), ...(await urls('patio-driver-data-v1'))];
      }),
    )
    .toEqual(expect.arrayContaining(['/__shell', `/api/queue/position/driver/${driverId}`, '/api/auth/app/session']));
  // When the kept position was read: its answer's Date.
  const readAt = await page.evaluate(async (id) => {
    const res = await (await caches.open('patio-driver-data-v1')).match(`/api/queue/position/driver/${id}`);
    return res?.headers.get('date') ?? '';
  }, driverId);
  const time = hourMinute.format(new Date(readAt));
  expect(time).toMatch(/^\d{2}:\d{2}$/);

  // The network goes. The app opens from its start address all the same.
  await page.context().setOffline(true);
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Olá, Oto!' })).toBeVisible();
  const notice = page.getByTestId('offline-notice');
  await expect(notice).toContainText('sem conexão');
  await expect(notice).toContainText(`Última posição lida: 1º na fila (posição de ${time}).`);
  // The position screen is the last one read, and says so.
  await page.getByRole('button', { name: 'Minha Posição' }).click();
  await expect(page.getByTestId('my-position')).toHaveText('1º');
  await expect(page.getByTestId('offline-notice')).toContainText(`posição de ${time}`);

  // Back online: the strip goes away.
  await page.context().setOffline(false);
  await page.reload();
  await expect(page.getByTestId('my-position')).toHaveText('1º');
  await expect(page.getByTestId('offline-notice')).toHaveCount(0);
});
