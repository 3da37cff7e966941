// The scanner part of `npm run bench`: runs benchScan from bench/scan.mjs (written alongside the
// scanner) on src/safety/scan.ts, when that bench exists.
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { importSrc } from './bundle.mjs';
import { ms, printTable } from './report.mjs';

const SCAN_BENCH = new URL('./scan.mjs', import.meta.url);

/** Prints the scanner figures and adds them to the summary; says so when bench/scan.mjs is absent. */
export async function runScanBench(summary, runs) {
  if (!existsSync(fileURLToPath(SCAN_BENCH))) {
    console.log('  scan bench: not available');
    summary.note('scanner', 'scan bench: not available');
    return;
  }
  const { benchScan } = await import(SCAN_BENCH.href);
  const { scan } = await importSrc({ scan: 'safety/scan.ts' });
  const f = await benchScan(scan, { runs });
  const adversarial = Object.entries(f.adversarialMedianMs);
  printTable(
    ['figure', 'value'],
    [
      ['credential corpus caught', `${f.corpusCaught}/${f.corpusTotal}`],
      ['false positives on benign samples', `${f.negativesFlagged}/${f.negativesTotal}`],
      ['findings in a 1 MB benign journal', f.benign1MbFindings],
      ['1 MB benign journal, median', ms(f.benign1MbMedianMs)],
      ...adversarial.map(([name, t]) => [`1 MB adversarial "${name}", median`, ms(t)]),
    ],
  );
  const [slowName, slowMs] = adversarial.reduce((a, b) => (b[1] > a[1] ? b : a), ['', -Infinity]);
  summary.add('scanner: corpus caught', `${f.corpusCaught}/${f.corpusTotal}`, f.corpusCaught, { equals: f.corpusTotal }, 'all');
  summary.add('scanner: false positives', `${f.negativesFlagged}/${f.negativesTotal}`, f.negativesFlagged, { equals: 0 }, 'none');
  summary.add('scanner: 1 MB benign journal findings', String(f.benign1MbFindings), f.benign1MbFindings, { equals: 0 }, 'none');
  summary.note('scanner: 1 MB benign journal', `${ms(f.benign1MbMedianMs)} median`);
  if (adversarial.length) summary.note('scanner: 1 MB adversarial, slowest', `${ms(slowMs)} median (${slowName})`);
}
