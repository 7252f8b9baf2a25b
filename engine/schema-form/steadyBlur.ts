import { useCallback, useEffect, useMemo, useRef } from 'react';

/**
 * Whether a pointer is pressed now, and a way to act once it is released and its click has run: a field
 * whose errors go away on the blur a press causes keeps showing them until then, for the same reason
 * (the button below moving up under the pointer would miss the click too).
 */
export interface Press {
  isPressed(): boolean;
  afterRelease(run: () => void): void;
}

/** Outside a form: never pressed. */
export const NO_PRESS: Press = { isPressed: () => false, afterRelease: () => undefined };

/**
 * `onBlur` for a form whose fields show their errors once left, that holds those errors back while a
 * pointer is pressed anywhere on the page and lets them show once it is released and its click has run.
 *
 * A press on a button or link moves the focus out of the field before the click: an error shown at that
 * moment pushes what is below it down, the release lands elsewhere, and the first click on "Create
 * account" or "Forgot password" misses. Held back, the click acts on what was under the pointer; a
 * submit then shows every error at once. Leaving a field with the keyboard shows its error at once.
 *
 * @example
 * ```tsx
 * const { onBlur, press } = useSteadyBlur((id) => setTouched((previous) => new Set(previous).add(id)));
 * <Form onBlur={onBlur} ... />
 * ```
 */
export function useSteadyBlur(show: (id: string) => void): { onBlur: (id: string) => void; press: Press } {
  const pressed = useRef(false);
  const held = useRef<string[]>([]);
  const waiting = useRef(new Set<() => void>());
  const latestShow = useRef(show);
  latestShow.current = show;

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const release = () => {
      held.current.splice(0).forEach((id) => latestShow.current(id));
      const runs = [...waiting.current];
      waiting.current.clear();
      runs.forEach((run) => run());
    };
    const down = () => {
      clearTimeout(timer);
      pressed.current = true;
    };
    // The click follows the release in the same task; the errors show in the next one.
    const up = () => {
      pressed.current = false;
      clearTimeout(timer);
      timer = setTimeout(release, 0);
    };
    document.addEventListener('pointerdown', down, true);
    document.addEventListener('pointerup', up, true);
    document.addEventListener('pointercancel', up, true);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('pointerdown', down, true);
      document.removeEventListener('pointerup', up, true);
      document.removeEventListener('pointercancel', up, true);
    };
  }, []);

  const onBlur = useCallback((id: string) => {
    if (pressed.current) held.current.push(id);
    else latestShow.current(id);
  }, []);
  const press = useMemo<Press>(() => ({ isPressed: () => pressed.current, afterRelease: (run) => void waiting.current.add(run) }), []);
  return { onBlur, press };
}
