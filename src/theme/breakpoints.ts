/**
 * The screen widths of document 000 section 1, in CSS pixels: the one place they are written down.
 *
 * Stylesheets use them as custom media queries (`@media (--tablet) { … }`): vite.config.ts puts the
 * `@custom-media` rules rendered by {@link customMediaRules} in front of every stylesheet under src/,
 * and Lightning CSS compiles them to plain media queries. Scripts read the numbers from here.
 */
export const breakpoints = {
  /** Everything narrower is a phone: the layouts collapse to one column and the menu folds away. */
  mobile: 476,
  largePhone: 576,
  /** Wider than this, phones' bottom bar gives way to the header's navigation. */
  tabBarHidden: 601,
  tablet: 768,
  phablet: 871,
  smallDesktop: 992,
  laptop: 1024,
  desktop: 1280,
} as const;

export type BreakpointName = keyof typeof breakpoints;

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * Renders the breakpoints as `@custom-media` rules: `--mobile` is "narrower than mobile", every
 * other name is "at least this wide", so a stylesheet reads mobile-first.
 *
 * @example
 * customMediaRules();
 * // '@custom-media --mobile (width < 476px);\n@custom-media --large-phone (width >= 576px);\n…'
 */
export function customMediaRules(): string {
  return (Object.entries(breakpoints) as Array<[BreakpointName, number]>)
    .map(([name, width]) => (name === 'mobile' ? `@custom-media --mobile (width < ${width}px);` : `@custom-media --${kebab(name)} (width >= ${width}px);`))
    .join('\n');
}
