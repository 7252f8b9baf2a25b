import { createContext, use, useCallback, useState, type ReactNode } from 'react';

/** Where a step that must outlive its form or button is drawn: the screen, not the section. */
export interface RevealHostValue {
  /** Draws `dialog` (null removes it); it stays while the sections below refresh or hide. */
  show: (dialog: ReactNode) => void;
}

const RevealHostContext = createContext<RevealHostValue | null>(null);

/** The screen's reveal host, or null outside a screen (a custom part rendered on its own). */
export function useRevealHost(): RevealHostValue | null {
  return use(RevealHostContext);
}

/**
 * Holds the result steps that reveal a value (`result.reveal`) at the screen's level, after its body, so a
 * data refresh that hides or remounts the form or button that asked does not take the revealed value away
 * before its time. `ScreenView` wraps every screen's body in it.
 *
 * @example
 * ```tsx
 * <RevealHost><Kind spec={spec} /></RevealHost>
 * ```
 */
export function RevealHost({ children }: { children: ReactNode }) {
  const [dialog, setDialog] = useState<ReactNode>(null);
  const show = useCallback((next: ReactNode) => setDialog(next), []);
  const [value] = useState<RevealHostValue>(() => ({ show: (next) => show(next) }));
  return (
    <RevealHostContext value={value}>
      {children}
      {dialog}
    </RevealHostContext>
  );
}
