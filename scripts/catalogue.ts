/**
 * `npm run catalogue [-- --routes /login,/home] [--cases paxum/en,aplus/es] [--widths 375] [--out folder] [--rebuild] [--dark] [--axe]`:
 * the screen catalogue (issue 13).
 * Builds the application when there is no dist/ (or when asked), then writes a screenshot of every route in
 * every state that matters, at 375 and 1280 px, for paxum/en, aplus/es and paxumbank/ru, into `.catalogue/`
 * with an `index.html` to browse them. Fails (exit code 1) when a page shows a raw key, a validator's
 * English, a regular expression or a raw error, signs a customer out, or never stops loading. `--dark` shows
 * every page in the brands' dark palette (as a system set to dark would; default folder `.catalogue-dark/`),
 * `--axe` also fails on any serious or critical axe-core violation: `npm run catalogue -- --dark --axe` is the
 * accessibility check of every route in the dark theme.
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { launchChromium } from '../tests/support/browser.ts';
import { repoRoot } from '../tests/support/server-process.ts';
import { buildCatalogue } from './catalogue/run.ts';

const { values } = parseArgs({
  options: {
    routes: { type: 'string' },
    cases: { type: 'string' },
    widths: { type: 'string' },
    out: { type: 'string' },
    rebuild: { type: 'boolean', default: false },
    dark: { type: 'boolean', default: false },
    axe: { type: 'boolean', default: false },
  },
});

async function main(): Promise<void> {
  if (values.rebuild || !existsSync(path.join(repoRoot, 'dist/index.html'))) {
    execSync('npm run build', { cwd: repoRoot, stdio: 'inherit' });
  }
  const out = path.resolve(repoRoot, values.out ?? (values.dark ? '.catalogue-dark' : '.catalogue'));
  const browser = await launchChromium();
  try {
    const result = await buildCatalogue({
      root: repoRoot,
      out,
      browser,
      routes: values.routes?.split(','),
      cases: values.cases?.split(',').map((which) => {
        const [brand = '', language = 'en'] = which.split('/');
        return { brand, language };
      }),
      widths: values.widths?.split(',').map(Number),
      log: (line) => console.log(line),
      parallel: true,
      colorScheme: values.dark ? 'dark' : 'light',
      axe: values.axe,
    });
    for (const shot of result.offending) {
      for (const offender of shot.offenders) console.log(`${shot.brand}/${shot.language} ${shot.route} (${shot.state}): ${offender.kind}: ${offender.text}`);
    }
    for (const gap of result.gaps) console.log(`not pictured: ${gap.route} (${gap.state}, ${gap.brand}): ${gap.reason}`);
    console.log(
      `${result.shots.length} screenshots, ${result.offending.length} pages with offending text${values.axe ? ' or axe violations' : ''}; open ${path.join(out, 'index.html')}`,
    );
    if (result.offending.length > 0) process.exitCode = 1;
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
