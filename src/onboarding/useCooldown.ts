import { useEffect, useState } from 'react';

/**
 * Seconds left before something may be done again (a code resent), counting down once a second.
 *
 * @example
 * const [wait, startWait] = useCooldown();
 * startWait(60);
 * <button disabled={wait > 0}>{wait > 0 ? `Resend in ${wait} s` : 'Resend'}</button>
 */
export function useCooldown(): [number, (seconds: number) => void] {
  const [until, setUntil] = useState(0);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= now) return;
    const timer = setTimeout(() => setNow(Date.now()), 1000);
    return () => clearTimeout(timer);
  }, [until, now]);
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  const start = (seconds: number) => {
    const at = Date.now();
    setNow(at);
    setUntil(at + seconds * 1000);
  };
  return [left, start];
}
