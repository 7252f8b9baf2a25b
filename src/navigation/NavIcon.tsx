/**
 * The navigation's icons, drawn in the text colour (24-unit strokes, so they follow the brand's colours
 * and the dark theme). An entry's `nav.icon` names one; an unknown name draws a dot, never nothing.
 */
const PATHS: Record<string, string> = {
  home: 'M3 11.5 12 4l9 7.5M5.5 10v10h13V10M10 20v-6h4v6',
  wallet: 'M4 7h14a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H5a1 1 0 0 1-1-1V7zm0 0 11-3v3M16 13.5h.01',
  card: 'M3 6h18v12H3zM3 10h18M7 15h4',
  history: 'M4 12a8 8 0 1 0 2.4-5.7M4 4v3.5h3.5M12 8v4l3 2',
  transfer: 'M4 8h15m-4-4 4 4-4 4M20 16H5m4 4-4-4 4-4',
  document: 'M7 3h7l4 4v14H7zM14 3v4h4M10 12h5M10 16h5',
  person: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0',
  mail: 'M3 6h18v12H3zm0 0 9 7 9-7',
  news: 'M5 5h11v14H6a1 1 0 0 1-1-1zM16 9h3v9a1 1 0 0 1-2 0M8 9h5M8 13h5',
  settings: 'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM12 2v3m0 14v3M2 12h3m14 0h3M5 5l2 2m10 10 2 2M5 19l2-2M17 7l2-2',
  approvals: 'M9 12l2 2 4-4M12 3l8 4v5c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V7z',
  more: 'M5 12h.01M12 12h.01M19 12h.01',
  company: 'M4 21V5l8-2v18M12 8h8v13M4 21h17M7.5 8h1m-1 4h1m-1 4h1M15.5 12h1m-1 4h1',
  bell: 'M6 16V11a6 6 0 1 1 12 0v5l2 2H4zM10 20a2 2 0 0 0 4 0',
};

/**
 * An icon beside a label, hidden from screen readers (the label says it all).
 *
 * @example
 * <NavIcon name="home" />
 */
export function NavIcon({ name }: { name: string | undefined }) {
  const path = (name && PATHS[name]) ?? PATHS.more!;
  return (
    <svg className="nav-icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={path} fill="none" stroke="currentColor" strokeWidth={name === 'more' || !name ? 3 : 1.75} strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
