import { simulateResponseScreen } from '../packages/instrument/src/response-screen-simulation';

// Prints the response-pattern screen's rates on simulated honest-like and careless protocols, per form (the method
// is in packages/instrument/src/response-screen-simulation.ts). Usage: npx tsx scripts/simulate-response-screen.ts
// [honest per form] [careless per cell] [seed]; the figures in DESIGN.md are from 10000 500 44.

const [honest = '20000', careless = '1000', seed = '44'] = process.argv.slice(2);
const rows = simulateResponseScreen({
  seed: Number(seed),
  honestPerForm: Number(honest),
  carelessPerCell: Number(careless),
  withVerdict: true,
});
const pct = (share: number | null) => (share === null ? 'n/a' : `${(share * 100).toFixed(1)} %`);
console.log(
  '| Form | Protocols | n | Screen: not interpretable | Screen: caution | Screen: at least caution | Verdict: at least caution |',
);
console.log('|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(
    `| ${r.form} | ${r.protocols} | ${r.n} | ${pct(r.screenNotInterpretable)} | ${pct(r.screenCaution)} | ${pct(r.screenAtLeastCaution)} | ${pct(r.verdictAtLeastCaution)} |`,
  );
}
