import type { ReactNode } from 'react';

/** The inline markup rjsf's own strings use: `**strong**`, `_emphasis_` and `` `code` ``. */
const INLINE = /(\*\*[^*]+\*\*|_[^_]+_|`[^`]+`)/;

function inline(part: string, key: number): ReactNode {
  if (part.startsWith('**') && part.endsWith('**') && part.length > 4) return <strong key={key}>{part.slice(2, -2)}</strong>;
  if (part.startsWith('_') && part.endsWith('_') && part.length > 2) return <em key={key}>{part.slice(1, -1)}</em>;
  if (part.startsWith('`') && part.endsWith('`') && part.length > 2) return <code key={key}>{part.slice(1, -1)}</code>;
  return part;
}

/**
 * Stands in for markdown-to-jsx's `Markdown` in rjsf, in the application build (see vite.config.ts), and
 * renders only the inline markup of rjsf's own strings (the file widget's "**name** (type, size)", its
 * notes on unsupported schemas). rjsf parses other text as markdown only where a uiSchema asks for it
 * (`enableMarkdownInDescription`, `enableMarkdownInHelp`) in its default templates; the engine's templates
 * draw descriptions and help themselves, as translated text, so the full parser (a quarter of rjsf's code)
 * would never run.
 *
 * @example
 * ```tsx
 * <Markdown>{'**photo.png** (image/png, 1024 bytes)'}</Markdown> // <strong>photo.png</strong> (image/png, 1024 bytes)
 * ```
 */
export function Markdown({ children }: { children?: ReactNode }) {
  if (typeof children !== 'string') return <>{children}</>;
  return <>{children.split(INLINE).map(inline)}</>;
}
