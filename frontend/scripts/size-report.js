#!/usr/bin/env node
// Lists dist/*.js and *.css with their gzipped sizes and sums the critical paths:
//   driver login  = entry + "driver" chunk group            (budget: 170 KB gz, DESIGN section 7)
//   driver home   = driver login path + "driver-home"
//   staff login   = entry + "staff" + "staff-login"
//   staff dashboard = entry + "staff" + "staff-layout" + "dashboard" (the admin landing)
// Exits non-zero when the driver's critical path is over budget.
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const DIST = path.resolve(__dirname, '..', 'dist');
const DRIVER_BUDGET_KB = 170;

const groups = JSON.parse(fs.readFileSync(path.join(DIST, 'chunk-groups.json'), 'utf8'));
const files = fs.readdirSync(DIST).filter((f) => /\.(js|css)$/.test(f));
const sizes = new Map(
  files.map((f) => {
    const buf = fs.readFileSync(path.join(DIST, f));
    return [f, { raw: buf.length, gz: zlib.gzipSync(buf, { level: 9 }).length }];
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
const driverPath = paths['driver critical path (/app/login)'];
const staffPath = paths['staff login (/login)'];

const chunkOf = (f) => Object.keys(groups).filter((g) => groups[g].includes(f)).join(', ');
console.log('\nBuilt files (gzip -9):');
console.log('  mark  ' + 'gzipped'.padStart(10) + '   ' + 'raw'.padStart(10) + '   file  [chunk groups]');
for (const f of [...files].sort((a, b) => sizes.get(b).gz - sizes.get(a).gz)) {
  const s = sizes.get(f);
  const mark = (driverPath.has(f) ? 'D' : ' ') + (staffPath.has(f) ? 'S' : ' ');
  console.log(`  ${mark.padEnd(4)}  ${kb(s.gz)}   ${kb(s.raw)}   ${f}  [${chunkOf(f)}]`);
}
console.log('  (D = on the driver critical path, S = on the staff login path)\n');

console.log('Critical paths (sum of gzipped files):');
for (const [name, set] of Object.entries(paths)) {
  const gz = [...set].reduce((a, f) => a + sizes.get(f).gz, 0);
  console.log(`  ${name.padEnd(36)} ${kb(gz)}   (${set.size} files)`);
}
const driverGz = [...driverPath].reduce((a, f) => a + sizes.get(f).gz, 0) / 1024;
console.log(`\nDriver budget: ${DRIVER_BUDGET_KB} KB gz -> ${driverGz.toFixed(1)} KB used.`);
if (driverGz > DRIVER_BUDGET_KB) {
  console.error(`Driver critical path over budget by ${(driverGz - DRIVER_BUDGET_KB).toFixed(1)} KB.`);
  process.exit(1);
}
// Every driver route (its chunk on top of the login path) keeps to the same budget (issue 14).
for (const [name, set] of Object.entries(paths)) {
  if (!name.startsWith('driver ')) continue;
  const gz = [...set].reduce((a, f) => a + sizes.get(f).gz, 0) / 1024;
  if (gz > DRIVER_BUDGET_KB) {
    console.error(`${name} over the driver budget by ${(gz - DRIVER_BUDGET_KB).toFixed(1)} KB.`);
    process.exit(1);
  }
}
