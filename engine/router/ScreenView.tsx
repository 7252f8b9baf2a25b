import { useEffect, useRef, type ReactNode } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ActionBar } from '../actions/ActionBar';
import { RevealHost } from '../flow/RevealHost';
import { PrecompiledValidatorsContext } from '../schema-form/precompiledValidators';
import type { ScreenSpec } from '../spec/types';
import { Dialog } from '../ui/Dialog';
import { TabNav } from '../ui/TabNav';
import { EveryCall } from './EveryCall';
import type { KindComponent } from './kinds';
import { queryRedirectTarget } from './openScreen';

/**
 * Sets the document title from a translated screen title, through `engine.documentTitle` so that the
 * application can add its brand (`"{{title}} · Brand"`) by overriding one resource.
 *
 * @example
 * ```ts
 * useDocumentTitle(t(spec.title));
 * ```
 */
export function useDocumentTitle(title: string): void {
  const { t } = useTranslation();
  useEffect(() => {
    document.title = t('engine.documentTitle', { title });
  }, [t, title]);
}

/**
 * The heading of a screen gets the focus when the screen opens after a navigation, so that a screen reader
 * announces the new screen and Tab starts from its top. It is left alone when something else already has
 * the focus (an autofocused field).
 */
function useFocusOnOpen(ref: React.RefObject<HTMLHeadingElement | null>, key: string): void {
  useEffect(() => {
    const active = document.activeElement;
    if (!active || active === document.body || !active.isConnected) ref.current?.focus({ preventScroll: true });
  }, [ref, key]);
}

/**
 * One screen: its title (the page's only `h1`), description and action buttons, then the body its kind
 * draws, with the validators of its forms, every call given what `everyCall` takes from the address. The
 * body is remounted when the path changes, so `/stores/1` and `/stores/2` never share form state. An address with the spec's `queryRedirect` parameter goes where
 * that says instead.
 *
 * @example
 * ```tsx
 * <ScreenView spec={spec} Kind={FormScreen} validators={validators} />
 * ```
 */
export function ScreenView({
  spec,
  Kind,
  validators = {},
}: {
  spec: ScreenSpec;
  Kind: KindComponent;
  /** The precompiled validators of the screen's forms (`ScreenEntry.validators`). */
  validators?: Readonly<Record<string, unknown>>;
}) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const title = t(spec.title);
  useDocumentTitle(title);
  useFocusOnOpen(headingRef, pathname);
  const [query] = useSearchParams();
  const redirectTo = queryRedirectTarget(spec.queryRedirect, query);
  if (redirectTo) return <Navigate to={redirectTo} replace />;
  const body = (
    <>
      {spec.tabs && <TabNav group={spec.tabs} />}
      <PrecompiledValidatorsContext value={validators}>
        <RevealHost key={pathname}>
          <Kind key={pathname} spec={spec} />
        </RevealHost>
      </PrecompiledValidatorsContext>
      {spec.links && spec.links.length > 0 && (
        <ul className="eng-screen__links">
          {spec.links.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{t(link.label)}</Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
  if (spec.dialog) {
    return (
      <EveryCall spec={spec}>
        <ScreenDialog spec={spec} title={title} closeTo={spec.dialog.closeTo}>
          {body}
        </ScreenDialog>
      </EveryCall>
    );
  }
  return (
    <EveryCall spec={spec}>
      <div className={`eng-screen eng-screen--${spec.kind}`} data-screen={spec.id}>
        <header className="eng-screen__header">
          <div className="eng-screen__heading">
            <h1 ref={headingRef} tabIndex={-1} className="eng-screen__title">
              {title}
            </h1>
            {spec.description && <p className="eng-screen__description">{t(spec.description)}</p>}
          </div>
          <ActionBar spec={spec} />
        </header>
        {body}
      </div>
    </EveryCall>
  );
}

/**
 * A screen whose spec says `dialog`: the same body in a modal dialog over the layout, titled by the
 * screen's title (its only `h1`), the focus kept inside; its close button and Escape go to `closeTo`.
 */
function ScreenDialog({ spec, title, closeTo, children }: { spec: ScreenSpec; title: string; closeTo: string; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Dialog title={title} titleLevel={1} className="eng-dialog--screen" closeLabel={t('engine.flow.close')} onClose={() => void navigate(closeTo)}>
      <div className={`eng-screen eng-screen--${spec.kind} eng-screen--in-dialog`} data-screen={spec.id}>
        {spec.description && <p className="eng-screen__description">{t(spec.description)}</p>}
        <ActionBar spec={spec} />
        {children}
      </div>
    </Dialog>
  );
}
