// What the journeys' harness costs, from Playwright JSON reports (docs/decisions/tooling.md, What the journeys'
// harness costs). Run the journeys with `--reporter=list,json` and PLAYWRIGHT_JSON_OUTPUT_NAME=<file>, then
// `node scripts/journey-costs.mjs <file>...`: the time in screenshots (the `shots` steps) and in the accessibility
// scans queued behind each journey (settling, waiting out banners, scanning), beside the tests' own time.
import { readFileSync } from 'node:fs';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node scripts/journey-costs.mjs <playwright-report.json>...');
  process.exit(2);
}

const results = [];
const stepsOf = (steps, into) => {
  for (const step of steps ?? []) {
    if (step.title.startsWith('screenshots:')) {
      into.shots += step.duration;
      into.calls += 1;
    }
    stepsOf(step.steps, into);
  }
};
const walk = (suite) => {
  for (const inner of suite.suites ?? []) walk(inner);
  for (const spec of suite.specs ?? []) {
    for (const test of spec.tests) {
      for (const result of test.results) {
        const row = { where: `${spec.file}:${spec.line}`, duration: result.duration, shots: 0, calls: 0 };
        stepsOf(result.steps, row);
        const scans = [...(test.annotations ?? []), ...(result.annotations ?? [])].find(
          (a) => a.type === 'accessibility scans',
        );
        row.scans = scans ? JSON.parse(scans.description) : {};
        results.push(row);
      }
    }
  }
};
for (const file of files) for (const suite of JSON.parse(readFileSync(file, 'utf8')).suites) walk(suite);

const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
const sum = (pick) => results.reduce((total, r) => total + (pick(r) ?? 0), 0);
console.log(`${results.length} test runs, ${s(sum((r) => r.duration))} in all`);
console.log(`screenshots: ${s(sum((r) => r.shots))} in ${sum((r) => r.calls)} calls`);
const scans = sum((r) => r.scans.scans);
console.log(
  `accessibility scans beside the journeys: ${scans}; settling ${s(sum((r) => r.scans.settling))}, ` +
    `waiting out banners ${s(sum((r) => r.scans.banners))}, scanning ${s(sum((r) => r.scans.scanning))}`,
);
console.log('the ten longest:');
for (const r of [...results].sort((a, b) => b.duration - a.duration).slice(0, 10)) {
  console.log(`  ${s(r.duration).padStart(8)}  screenshots ${s(r.shots)} (${r.calls})  ${r.where}`);
}
