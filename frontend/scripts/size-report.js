#!/usr/bin/env node
// Lists dist/*.js and *.css with the bytes that go over the wire, and sums the critical paths:
//   driver login  = entry + "driver" chunk group
//   driver home   = driver login path + "driver-home"
//   staff login   = entry + "staff" + "staff-login"
//   staff dashboard = entry + "staff" + "staff-layout" + "dashboard" (the admin landing)
// "Wire" is the body `patio serve` sends to a browser that accepts brotli: the build's own
// `name.br` file, sent as it is (adapters/http/src/static_files.rs), or the plain file when the
// build wrote none. tests/e2e/specs/wire.spec.ts checks the same budget on the bytes Chromium
// receives (headers included) and tests/load/driver_3g.mjs records them.
// Budget (issue 23): the script of the driver's first screens (/app/login and the home) at most
// 120 KB on the wire; every other driver route at most 170 KB (issue 14). Exits non-zero over.
const fs = require('fs');
const path = require('path');

const DIST = path.resolve(__dirname, '..', 'dist');
const FIRST_SCREEN_BUDGET_KB = 120;
const ROUTE_BUDGET_KB = 170;

const groups = JSON.parse(fs.readFileSync(path.join(DIST, 'chunk-groups.json'), 'utf8'));
const files = fs.readdirSync(DIST).filter((f) => /\.(js|css)$/.test(f));
const sizeOf = (f) => fs.statSync(path.join(DIST, f)).size;
const sizes = new Map(
  files.map((f) => {
    const raw = sizeOf(f);
    const br = fs.existsSync(path.join(DIST, `${f}.br`)) ? sizeOf(`${f}.br`) : raw;
    const gz = fs.existsSync(path.join(DIST, `${f}.gz`)) ? sizeOf(`${f}.gz`) : raw;
    return [f, { raw, br, gz }];
  }),
);
const kb = (n) => (n / 1024).toFixed(1).padStart(7) + ' KB';
const union = (...names) => {
  const out = new Set();
  for (const n of names) {
    if (!groups[n]) throw new Error(`chunk group "${n}" not found in dist/chunk-groups.json`);
    for (const f of groups[n]) if (sizes.has(f)) out.add(f);
  }
  return out;
};

const paths = {
  'driver critical path (/app/login)': union('main', 'driver'),
  'driver home (/)': union('main', 'driver', 'driver-home'),
  'driver queue (/app/fila)': union('main', 'driver', 'driver-queue'),
  'driver entry (/app/agendamento)': union('main', 'driver', 'driver-scheduling'),
  'driver position (/app/agendamento/status)': union('main', 'driver', 'driver-status'),
  'driver panel (/app/painel/fila)': union('main', 'driver', 'driver-panel'),
  'driver registration (/app/driver/novo/:id)': union('main', 'driver', 'driver-register'),
  'driver profile (/app/edit)': union('main', 'driver', 'driver-edit'),
  'driver truck (/app/create/truck)': union('main', 'driver', 'driver-truck'),
  'driver history (/app/history)': union('main', 'driver', 'driver-history'),
  'driver log (/app/registro)': union('main', 'driver', 'driver-log'),
  'driver map (/app/como-chegar)': union('main', 'driver', 'driver-map'),
  'driver check-in (/app/checkin)': union('main', 'driver', 'driver-checkin'),
  'driver public map (/maps)': union('main', 'driver', 'driver-public-map'),
  'staff login (/login)': union('main', 'staff', 'staff-login'),
  'staff dashboard (/dashboard)': union('main', 'staff', 'staff-layout', 'dashboard'),
  'carrier landing (/expedicao/transportadora)': union('main', 'staff', 'staff-layout', 'home'),
};
const firstScreens = ['driver critical path (/app/login)', 'driver home (/)'];
const driverPath = paths[firstScreens[0]];
const staffPath = paths['staff login (/login)'];
const sum = (set, key, re = /./) => [...set].filter((f) => re.test(f)).reduce((a, f) => a + sizes.get(f)[key], 0);

const chunkOf = (f) => Object.keys(groups).filter((g) => groups[g].includes(f)).join(', ');
console.log('\nBuilt files (wire = brotli file sent as is):');
console.log('  mark  ' + 'wire (br)'.padStart(10) + '   ' + 'gzip -9'.padStart(10) + '   ' + 'raw'.padStart(10) + '   file  [chunk groups]');
for (const f of [...files].sort((a, b) => sizes.get(b).br - sizes.get(a).br)) {
  const s = sizes.get(f);
  const mark = (driverPath.has(f) ? 'D' : ' ') + (staffPath.has(f) ? 'S' : ' ');
  console.log(`  ${mark.padEnd(4)}  ${kb(s.br)}   ${kb(s.gz)}   ${kb(s.raw)}   ${f}  [${chunkOf(f)}]`);
}
console.log('  (D = on the driver critical path, S = on the staff login path)\n');

console.log('Critical paths (wire bytes; script, then script + style):');
for (const [name, set] of Object.entries(paths)) {
  console.log(`  ${name.padEnd(44)} ${kb(sum(set, 'br', /\.js$/))} js  ${kb(sum(set, 'br'))}   (${set.size} files)`);
}

let failed = false;
for (const [name, set] of Object.entries(paths)) {
  if (!name.startsWith('driver ')) continue;
  const budget = firstScreens.includes(name) ? FIRST_SCREEN_BUDGET_KB : ROUTE_BUDGET_KB;
  const wire = (firstScreens.includes(name) ? sum(set, 'br', /\.js$/) : sum(set, 'br')) / 1024;
  if (firstScreens.includes(name)) console.log(`\nDriver budget, ${name}: script ${budget} KB on the wire -> ${wire.toFixed(1)} KB.`);
  if (wire > budget) {
    console.error(`${name} over the driver budget (${budget} KB) by ${(wire - budget).toFixed(1)} KB.`);
    failed = true;
  }
}
if (failed) process.exit(1);
