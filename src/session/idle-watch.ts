/** Input that proves someone is at the screen. Listened to in the capture phase, so scrolling inside any element counts. */
const ACTIVITY_EVENTS = ['keydown', 'pointerdown', 'pointermove', 'wheel', 'touchstart', 'scroll'] as const;

/** How to watch for an idle user. */
export interface IdleWatchOptions {
  timeoutMs: number;
  onIdle(): void;
  target?: EventTarget;
  now?: () => number;
}

/**
 * Calls `onIdle` once after `timeoutMs` without user input, and returns a function that stops watching.
 * Input only records the time; a single timer checks it when due, so a moving mouse costs nothing.
 *
 * @example
 * const stop = watchIdle({ timeoutMs: 15 * 60_000, onIdle: () => session.expire() });
 * stop(); // on sign-out
 */
export function watchIdle({ timeoutMs, onIdle, target = window, now = Date.now }: IdleWatchOptions): () => void {
  let lastActivity = now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const touch = () => {
    lastActivity = now();
  };
  const stop = () => {
    clearTimeout(timer);
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, touch, { capture: true });
  };
  const check = () => {
    const idleFor = now() - lastActivity;
    if (idleFor >= timeoutMs) {
      stop();
      onIdle();
    } else {
      timer = setTimeout(check, timeoutMs - idleFor);
    }
  };
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, touch, { capture: true, passive: true });
  timer = setTimeout(check, timeoutMs);
  return stop;
}
