/**
 * `npm run catalogue [-- --routes /login,/home] [--out folder] [--rebuild]`: the screen catalogue (issue 13).
 * Builds the application when there is no dist/ (or when asked), then writes a screenshot of every route in
 * every state that matters, at 375 and 1280 px, for paxum/en, aplus/es and paxumbank/ru, into `.catalogue/`
 * with an `index.html` to browse them. Fails (exit code 1) when a page shows a raw key, a validator's
 * English, a regular expression or a raw error, signs a customer out, or never stops loading.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../tests/support/browser.ts';
import { repoRoot } from '../tests/support/server-process.ts';
import { buildCatalogue } from './catalogue/run.ts';

const { values } = parseArgs({
  options: { routes: { type: 'string' }, out: { type: 'string', default: '.catalogue' }, rebuild: { type: 'boolean', default: false } },
});

async function main(): Promise<void> {
  if (values.rebuild || !existsSync(path.join(repoRoot, 'dist/index.html'))) {
    execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });
  }
  const out = path.resolve(repoRoot, values.out);
  const browser = await launchChromium();
  try {
    const result = await buildCatalogue({
      root: repoRoot,
      out,
      browser,
      routes: values.routes?.split(','),
      log: (line) => console.log(line),
      parallel: true,
    });
    for (const shot of result.offending) {
      for (const offender of shot.offenders) console.log(`${shot.brand}/${shot.language} ${shot.route} (${shot.state}): ${offender.kind}: ${offender.text}`);
    }
    for (const gap of result.gaps) console.log(`not pictured: ${gap.route} (${gap.state}, ${gap.brand}): ${gap.reason}`);
    console.log(`${result.shots.length} screenshots, ${result.offending.length} pages with offending text; open ${path.join(out, 'index.html')}`);
    if (result.offending.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
