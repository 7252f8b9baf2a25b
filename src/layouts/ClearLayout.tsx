import type { LayoutProps } from '../../engine/index.ts';
import { CONTENT_ID, SkipLink } from './SkipLink.tsx';

/** A bare page for screens that must hold the user's full attention: no header, no navigation. */
export function ClearLayout({ children }: LayoutProps) {
  return (
    <div className="layout-clear">
      <SkipLink />
      <main id={CONTENT_ID} tabIndex={-1} className="layout-clear__content">
        {children}
      </main>
    </div>
  );
}
