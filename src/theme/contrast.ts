/** A colour as brand.json writes it: `#rrggbb`. */
export type Hex = `#${string}`;

const channels = (hex: string): [number, number, number] => {
  const value = Number.parseInt(hex.slice(1), 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
};

const toHex = (rgb: readonly number[]): Hex =>
  `#${rgb
    .map((c) =>
      Math.round(Math.min(255, Math.max(0, c)))
        .toString(16)
        .padStart(2, '0'),
    )
    .join('')}`;

/**
 * The relative luminance of WCAG 2.2 (0 for black, 1 for white).
 *
 * @example
 * relativeLuminance('#ffffff'); // 1
 */
export function relativeLuminance(hex: string): number {
  const [r, g, b] = channels(hex).map((c) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * The WCAG contrast ratio of two colours, from 1 (the same) to 21 (black on white); body text needs 4.5.
 *
 * @example
 * contrastRatio('#000000', '#ffffff'); // 21
 */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * `amount` (0 to 1) of `other` mixed into `base`, channel by channel in sRGB, as CSS `color-mix(in srgb)`.
 *
 * @example
 * mix('#000000', '#ffffff', 0.5); // '#808080'
 */
export function mix(base: string, other: string, amount: number): Hex {
  const a = channels(base);
  const b = channels(other);
  return toHex(a.map((c, i) => c + (b[i]! - c) * amount));
}

/**
 * `color` moved towards `towards` in small steps until it reaches `ratio` against every colour of
 * `against`; `towards` itself when no step does.
 *
 * @example
 * withContrast('#0b5cad', ['#10151c'], 4.5, '#ffffff'); // a lighter blue readable on the dark background
 */
export function withContrast(color: string, against: readonly string[], ratio: number, towards: string): Hex {
  for (let step = 0; step <= 50; step += 1) {
    const candidate = mix(color, towards, step / 50);
    if (against.every((background) => contrastRatio(candidate, background) >= ratio)) return candidate;
  }
  return mix(towards, towards, 0);
}
