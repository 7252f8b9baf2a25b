import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import timesNewRoman from '@capsizecss/metrics/timesNewRoman';
import type { Plugin } from 'vite';

/** The weights the stylesheets use (regular text, semi-bold labels and buttons, bold headings); no other is shipped. */
export const SHIPPED_WEIGHTS = [400, 600, 700] as const;
/** The scripts the product's languages are written in: en, es, pt and ro in latin and latin-ext, ru and ua in cyrillic. */
export const SHIPPED_SUBSETS = ['latin', 'latin-ext', 'cyrillic'] as const;
/** Languages written in Cyrillic: a brand offering one needs a font that has the cyrillic subset. */
const CYRILLIC_LANGUAGES = ['ru', 'ua'];
/**
 * Families every system has (or a metric twin of it: Liberation on Linux), which a brand may name
 * first without shipping a file. Generic names (serif, system-ui) count too.
 */
const SYSTEM_FAMILIES = new Set(['georgia', 'arial', 'helvetica', 'times new roman', 'verdana', 'system-ui', 'sans-serif', 'serif', '-apple-system']);

/** One `@font-face` of a brand's font: a weight of one subset, in woff2. */
export interface PlannedFace {
  family: string;
  weight: number;
  subset: (typeof SHIPPED_SUBSETS)[number];
  unicodeRange: string;
  /** The woff2 file inside the font's npm package. */
  file: string;
}

/** A locally installed font, scaled to take the same room as the brand's font while that one loads. */
export interface FallbackFace {
  family: string;
  /** `local(…)` sources, the metric twins included (Liberation Sans for Arial, Liberation Serif for Times New Roman). */
  src: string;
  ascentOverride: string;
  descentOverride: string;
  lineGapOverride: string;
  sizeAdjust: string;
}

/** What one brand ships: its faces, the fallback with matching metrics, and the font stack naming both. */
export interface BrandFontPlan {
  brandId: string;
  /** The stack for `--font-family`: the brand's stack with the fallback right after the brand's font. */
  fontFamily: string;
  faces: PlannedFace[];
  fallback: FallbackFace | null;
  /** The face a page preloads: latin, regular weight. */
  preload: PlannedFace | null;
}

/** The first family of a CSS font stack, unquoted: `'Inter', system-ui` gives `Inter`. */
export function firstFamily(stack: string): string {
  return stack
    .split(',')[0]!
    .trim()
    .replace(/^['"]|['"]$/g, '');
}

/** `IBM Plex Sans` as its Fontsource package names it: `ibm-plex-sans`. */
const fontsourceSlug = (family: string) => family.toLowerCase().replace(/\s+/g, '-');
/** `IBM Plex Sans` as Capsize's metrics name it: `iBMPlexSans`. */
const capsizeName = (family: string) => {
  const joined = family.replace(/\s+/g, '');
  return joined.charAt(0).toLowerCase() + joined.slice(1);
};

interface CapsizeMetrics {
  familyName: string;
  category: string;
  ascent: number;
  descent: number;
  lineGap: number;
  unitsPerEm: number;
  xWidthAvg: number;
  subsets?: Record<string, { xWidthAvg: number }>;
}

/**
 * Plans the fonts of one brand from its `theme.fontFamily`: the first family is shipped from its
 * `@fontsource/<name>` package (the weights of {@link SHIPPED_WEIGHTS}, the subsets of
 * {@link SHIPPED_SUBSETS} the font has), unless it is a system font. Throws, saying what to do, when the
 * package is missing or lacks the Cyrillic a brand's languages need.
 *
 * @example
 * planBrandFonts({ id: 'paxum', languages: ['en', 'ru'], theme: { fontFamily: "'Inter', sans-serif" } }, require);
 * // { fontFamily: "'Inter', 'Inter Fallback', sans-serif", faces: [9 faces], preload: { file: '…/inter-latin-400-normal.woff2' } }
 */
export function planBrandFonts(
  brand: { id: string; languages: readonly string[]; theme: { fontFamily: string } },
  require: NodeJS.Require = createRequire(import.meta.url),
): BrandFontPlan {
  const stack = brand.theme.fontFamily;
  const family = firstFamily(stack);
  if (SYSTEM_FAMILIES.has(family.toLowerCase())) return { brandId: brand.id, fontFamily: stack, faces: [], fallback: null, preload: null };
  const slug = fontsourceSlug(family);
  let packageDir: string;
  try {
    packageDir = path.dirname(require.resolve(`@fontsource/${slug}/package.json`));
  } catch {
    throw new Error(
      `brands/${brand.id}/brand.json: theme.fontFamily names '${family}' first, but @fontsource/${slug} is not installed. ` +
        `Run \`npm install @fontsource/${slug}\`, or name a system font first.`,
    );
  }
  const ranges = JSON.parse(readFileSync(path.join(packageDir, 'unicode.json'), 'utf8')) as Record<string, string>;
  const subsets = SHIPPED_SUBSETS.filter((subset) => subset in ranges);
  if (brand.languages.some((language) => CYRILLIC_LANGUAGES.includes(language)) && !subsets.includes('cyrillic')) {
    throw new Error(
      `brands/${brand.id}/brand.json: '${family}' has no Cyrillic, but the brand offers ${CYRILLIC_LANGUAGES.join(' or ')}: choose a font that has it.`,
    );
  }
  const faces: PlannedFace[] = [];
  for (const subset of subsets) {
    for (const weight of SHIPPED_WEIGHTS) {
      const file = path.join(packageDir, 'files', `${slug}-${subset}-${weight}-normal.woff2`);
      if (!existsSync(file))
        throw new Error(
          `brands/${brand.id}/brand.json: @fontsource/${slug} has no weight ${weight} (${path.basename(file)} is missing): choose a font that has ${SHIPPED_WEIGHTS.join(', ')}.`,
        );
      faces.push({ family, weight, subset, unicodeRange: ranges[subset]!, file });
    }
  }
  const fallback = fallbackFace(family, require);
  const rest = stack.split(',').slice(1).join(',').trim();
  const fontFamily = [`'${family}'`, ...(fallback ? [`'${fallback.family}'`] : []), ...(rest ? [rest] : [])].join(', ');
  return { brandId: brand.id, fontFamily, faces, fallback, preload: faces.find((face) => face.subset === 'latin' && face.weight === 400) ?? null };
}

/**
 * A local font scaled to the brand's font (size, ascent, descent, line gap), so text laid out before the
 * brand's font arrives keeps its place when it does (no layout shift). Arial stands in for a sans-serif
 * font, Times New Roman for a serif; null where Capsize has no metrics for the family.
 */
function fallbackFace(family: string, require: NodeJS.Require): FallbackFace | null {
  let metrics: CapsizeMetrics;
  try {
    metrics = require(`@capsizecss/metrics/${capsizeName(family)}`) as CapsizeMetrics;
  } catch {
    return null;
  }
  const serif = metrics.category === 'serif';
  const local = serif ? timesNewRoman : arial;
  const twins = serif ? ["local('Liberation Serif')", "local('Tinos')"] : ["local('Liberation Sans')", "local('Arimo')"];
  const { fontFaces } = createFontStack([metrics, local], { fontFaceFormat: 'styleObject' });
  const face = fontFaces[0]!['@font-face'];
  return {
    family: `${family} Fallback`,
    src: [face.src, ...twins].join(', '),
    ascentOverride: String(face.ascentOverride),
    descentOverride: String(face.descentOverride),
    lineGapOverride: String(face.lineGapOverride),
    sizeAdjust: String(face.sizeAdjust),
  };
}

/** The module id the application imports its brands' fonts from (declared in src/theme/brand-fonts.d.ts). */
const VIRTUAL_ID = 'virtual:brand-fonts';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * One hash over every brand's preloaded file, so index.html can name the file by brand through the
 * server's `%BRAND%` and still change name when any brand's font does (assets are cached for good).
 */
function preloadHash(plans: readonly BrandFontPlan[]): string {
  const hash = createHash('sha256');
  for (const plan of plans) if (plan.preload) hash.update(plan.brandId).update(readFileSync(plan.preload.file));
  return hash.digest('hex').slice(0, 10);
}

/** Where the build writes a brand's preloaded face; `brandId` may be the server's `%BRAND%` placeholder. */
export const preloadFileName = (brandId: string, hash: string) => `assets/brand-font-${brandId}-${hash}.woff2`;

/**
 * Ships the fonts the brands declare (see {@link planBrandFonts}) as build assets, and gives the
 * application `virtual:brand-fonts`: per brand, a loader of its faces (its own chunk, so a page never
 * learns another brand's files). In the build, each brand's latin regular face is written under a
 * name index.html preloads as `brand-font-%BRAND%-<hash>.woff2`, which the server fills in with the
 * brand it serves: only that brand's font is preloaded.
 *
 * @example
 * defineConfig({ plugins: [brandFonts({ brandsDir: 'brands' })] });
 */
export function brandFonts({ brandsDir }: { brandsDir: string }): Plugin {
  const plans = readdirSync(brandsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(brandsDir, entry.name, 'brand.json')))
    .map((entry) => planBrandFonts(JSON.parse(readFileSync(path.join(brandsDir, entry.name, 'brand.json'), 'utf8')) as Parameters<typeof planBrandFonts>[0]));
  const hash = preloadHash(plans);
  let build = false;
  return {
    name: 'brand-fonts',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id) {
      if (id === VIRTUAL_ID || id.startsWith(`${VIRTUAL_ID}/`)) return `\0${id}`;
      return null;
    },
    buildStart() {
      if (!build) return;
      for (const plan of plans) {
        if (plan.preload) this.emitFile({ type: 'asset', fileName: preloadFileName(plan.brandId, hash), source: readFileSync(plan.preload.file) });
      }
    },
    load(id) {
      if (id === RESOLVED_ID) {
        const loaders = plans.map((plan) => `  ${JSON.stringify(plan.brandId)}: () => import('${VIRTUAL_ID}/${plan.brandId}').then((m) => m.default),`);
        return `export const loadBrandFonts = {\n${loaders.join('\n')}\n};\n`;
      }
      const plan = plans.find((candidate) => id === `${RESOLVED_ID}/${candidate.brandId}`);
      if (!plan) return null;
      const imports: string[] = [];
      const faces = plan.faces.map((face, index) => {
        // The preloaded face keeps the fixed name index.html asks for, so the preloaded bytes are the ones used.
        if (build && face === plan.preload) return { ...face, url: JSON.stringify(`/${preloadFileName(plan.brandId, hash)}`) };
        imports.push(`import face${index} from ${JSON.stringify(`${face.file}?url`)};`);
        return { ...face, url: `face${index}` };
      });
      const entries = faces.map(
        (face) =>
          `    { family: ${JSON.stringify(face.family)}, weight: ${face.weight}, unicodeRange: ${JSON.stringify(face.unicodeRange)}, url: ${face.url} },`,
      );
      return `${imports.join('\n')}
export default {
  fontFamily: ${JSON.stringify(plan.fontFamily)},
  fallback: ${JSON.stringify(plan.fallback)},
  faces: [
${entries.join('\n')}
  ],
};
`;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        // The dev server leaves %BRAND% alone, so a preload there would ask for a file that does not exist.
        if (!build || !plans.some((plan) => plan.preload)) return html;
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${preloadFileName('%BRAND%', hash)}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
