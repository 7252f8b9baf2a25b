import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';

/** One tab of a dashboard: its id (kept in the address as `?tab=<id>`) and the i18n key of its label. */
export interface SectionTab {
  id: string;
  label: string;
}

/**
 * Tabs within one screen (WAI-ARIA tabs): a `tablist` of buttons, the open one `aria-selected`, arrow
 * keys, Home and End moving between them, and the open tab's panel drawn by `children(tabId)`. The open
 * tab is kept in the address (`?tab=<id>`, the first tab when it names none), so a link or a reload
 * opens the same one.
 *
 * @example
 * ```tsx
 * <SectionTabs tabs={[{ id: 'summary', label: 'store.summary' }, { id: 'staff', label: 'store.staff' }]}>
 *   {(tab) => sections.filter((section) => section.tab === tab).map(draw)}
 * </SectionTabs>
 * ```
 */
export function SectionTabs({ tabs, children }: { tabs: readonly SectionTab[]; children: (tabId: string) => ReactNode }) {
  const { t } = useTranslation();
  const [query, setQuery] = useSearchParams();
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const asked = query.get('tab');
  const open = tabs.find((tab) => tab.id === asked)?.id ?? tabs[0]?.id ?? '';

  const choose = (index: number) => {
    const tab = tabs[index];
    if (!tab) return;
    setQuery(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('tab', tab.id);
        return next;
      },
      { replace: true },
    );
    buttons.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: tabs.length - 1 };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    choose((target + tabs.length) % tabs.length);
  };

  return (
    <div className="eng-section-tabs">
      <div className="eng-section-tabs__list" role="tablist">
        {tabs.map((tab, index) => {
          const selected = tab.id === open;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                buttons.current[index] = element;
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              className="eng-section-tabs__tab"
              onClick={() => choose(index)}
              onKeyDown={(event) => onKeyDown(event, index)}
            >
              {t(tab.label)}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel-${open}`} aria-labelledby={`${baseId}-tab-${open}`} className="eng-section-tabs__panel">
        {children(open)}
      </div>
    </div>
  );
}
