/**
 * What each route downloads of its own, read from the build's manifest (dist/.vite/manifest.json): the chunks
 * of its spec, its precompiled validators, its kind's screen and, for `kind: custom`, its component, with every
 * chunk they import, less what the first load (of /login) has already fetched. The route's loader also
 * fetches the answer rules a wizard names (`answerRules`, registered as `{ load }`): their modules are counted
 * too, by the table the caller passes. Chunks a screen imports on demand (a filter panel, a widget) are not
 * counted: they come when used.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

/** One screen as generated/screens.ts lists it. */
export interface RouteScreen {
  id: string;
  route: string;
  kind?: string;
}

export interface RouteChunk {
  route: string;
  id: string;
  files: number;
  gzip: number;
}

const screenName = (kind: string) => `${kind[0]!.toUpperCase()}${kind.slice(1)}Screen`;

/** Every `answerRules` name a spec gives, at any depth (the wizard's own, a step's). */
function answerRulesNamed(spec: unknown, names = new Set<string>()): Set<string> {
  if (Array.isArray(spec)) spec.forEach((item) => answerRulesNamed(item, names));
  else if (spec && typeof spec === 'object')
    for (const [key, value] of Object.entries(spec)) {
      if (key === 'answerRules' && typeof value === 'string') names.add(value);
      else answerRulesNamed(value, names);
    }
  return names;
}

/**
 * The gzipped bytes each route adds to what `firstLoad` (file names under assets/) already fetched,
 * largest first. `answerRulesModules` gives, for each answer-rules name, the source modules its loader
 * imports; a spec naming rules the table lacks is an error, so the figure cannot leave them out unseen.
 *
 * @example
 * const chunks = routeChunks({ distDir: 'dist', generatedDir: 'generated' }, screens, new Set(['assets/index-B6Y7UPhi.js']), {
 *   businessRegistration: ['src/business/registration-answer-rules.ts'],
 * });
 * chunks[0]; // { route: '/history', id: 'history', files: 3, gzip: 17_321 }
 */
export function routeChunks(
  { distDir, generatedDir }: { distDir: string; generatedDir: string },
  screens: readonly RouteScreen[],
  firstLoad: ReadonlySet<string>,
  answerRulesModules: Readonly<Record<string, readonly string[]>>,
): RouteChunk[] {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const byName = (name: string) => {
    const chunk = Object.values(manifest).find((candidate) => candidate.name === name);
    if (!chunk)
      throw new Error(
        `No chunk named ${name} in ${distDir}/.vite/manifest.json: rebuild with \`npx vite build\`, or teach scripts/bench-bundle.ts where it went.`,
      );
    return chunk;
  };
  const gzipOf = new Map<string, number>();
  const gzip = (file: string) => {
    if (!gzipOf.has(file)) gzipOf.set(file, gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length);
    return gzipOf.get(file)!;
  };
  const result: RouteChunk[] = [];
  for (const screen of screens) {
    if (!screen.kind) continue;
    const spec = JSON.parse(readFileSync(path.join(generatedDir, 'screens', `${screen.id}.json`), 'utf8')) as { custom?: { component?: string } };
    const roots = [manifest[`generated/screens/${screen.id}.json`], manifest[`generated/validators/${screen.id}.ts`], byName(screenName(screen.kind))];
    if (spec.custom?.component) roots.push(byName(spec.custom.component));
    for (const rules of answerRulesNamed(spec)) {
      const modules = answerRulesModules[rules];
      if (!modules) throw new Error(`${screen.id} names the answer rules ${rules}: say in scripts/bench.ts which modules their loader imports.`);
      for (const module of modules) {
        if (!manifest[module]) throw new Error(`No chunk for ${module} (answer rules ${rules}) in ${distDir}/.vite/manifest.json.`);
        roots.push(manifest[module]);
      }
    }
    const files = new Set<string>();
    const visit = (chunk: ManifestChunk | undefined) => {
      if (!chunk || files.has(chunk.file)) return;
      files.add(chunk.file);
      for (const key of chunk.imports ?? []) visit(manifest[key]);
    };
    roots.forEach(visit);
    const own = [...files].filter((file) => file.endsWith('.js') && !firstLoad.has(file));
    result.push({ route: screen.route, id: screen.id, files: own.length, gzip: own.reduce((sum, file) => sum + gzip(file), 0) });
  }
  return result.sort((a, b) => b.gzip - a.gzip);
}
