/**
 * The catalogue's `index.html`: one row per route and state, one column per brand, language and width,
 * each cell a thumbnail linking to the full screenshot, and what the text check found under the row.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { CatalogueCase, CatalogueResult } from './run.ts';

const escape = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Writes `index.html` into `out` for the shots of `result`. */
export function writeIndex(out: string, result: CatalogueResult, cases: readonly CatalogueCase[], widths: readonly number[]): void {
  const rows = new Map<string, { route: string; state: string }>();
  for (const shot of result.shots) rows.set(`${shot.route} ${shot.state}`, { route: shot.route, state: shot.state });
  const columns = cases.flatMap((which) => widths.map((width) => ({ ...which, width })));
  const header = columns.map((column) => `<th>${escape(`${column.brand}/${column.language}`)}<br>${column.width} px</th>`).join('');
  const body = [...rows.values()]
    .map(({ route, state }) => {
      const shots = result.shots.filter((shot) => shot.route === route && shot.state === state);
      const cells = columns
        .map((column) => {
          const shot = shots.find((s) => s.brand === column.brand && s.language === column.language && s.width === column.width);
          if (!shot) return '<td class="none">—</td>';
          const moved = shot.landedOn !== shot.address ? `<small>→ ${escape(shot.landedOn)}</small>` : '';
          return `<td${shot.offenders.length ? ' class="bad"' : ''}><a href="${escape(shot.file)}"><img loading="lazy" src="${escape(shot.file)}" alt="${escape(`${route} ${state} ${column.brand}/${column.language} ${column.width}`)}"></a>${moved}</td>`;
        })
        .join('');
      const offenders = [
        ...new Map(shots.flatMap((shot) => shot.offenders.map((o) => [`${o.kind}${o.text}`, `${shot.brand}/${shot.language}: ${o.kind}: ${o.text}`]))).values(),
      ];
      const found = offenders.length ? `<ul>${offenders.map((line) => `<li>${escape(line)}</li>`).join('')}</ul>` : '';
      return `<tr><th scope="row">${escape(route)}<br><em>${escape(state)}</em><br>${escape(shots[0]?.address ?? '')}${found}</th>${cells}</tr>`;
    })
    .join('\n');
  const gaps = result.gaps.map((gap) => `<li>${escape(`${gap.route} (${gap.state}, ${gap.brand}): ${gap.reason}`)}</li>`).join('');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Screen catalogue</title>
<style>
body { font: 14px system-ui, sans-serif; margin: 1rem; }
table { border-collapse: collapse; }
th, td { border: 1px solid #ccc; padding: 4px; vertical-align: top; }
thead th { position: sticky; top: 0; background: #fff; }
th[scope=row] { text-align: left; max-width: 16rem; position: sticky; left: 0; background: #fff; }
td img { width: 180px; max-height: 420px; object-fit: cover; object-position: top; display: block; }
td.bad { background: #fdd; } th ul { color: #a00; padding-left: 1rem; font-weight: normal; }
</style></head><body>
<h1>Screen catalogue</h1>
<p>${result.shots.length} screenshots; ${result.offending.length} pages show text that must not reach a customer (rows in red).</p>
${gaps ? `<h2>Not pictured</h2><ul>${gaps}</ul>` : ''}
<table><thead><tr><th>route, state</th>${header}</tr></thead><tbody>
${body}
</tbody></table></body></html>
`;
  writeFileSync(path.join(out, 'index.html'), html);
}
