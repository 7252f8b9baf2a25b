import { createContext, use, useEffect, useRef } from 'react';

type Fill = (values: Record<string, unknown>) => void;

/** The forms of a screen that buttons may fill, by id: a dashboard's form sections. */
export interface FormFills {
  register(id: string, fill: Fill): () => void;
  fill(id: string, values: Record<string, unknown>): boolean;
}

/**
 * A place where forms register to be filled by buttons elsewhere on the screen (a list's "Use" button
 * filling the form above it).
 *
 * @example
 * ```ts
 * const fills = formFills();
 * fills.register('send', (values) => setData((data) => ({ ...data, ...values })));
 * fills.fill('send', { email: 'ada@example.com' }); // true
 * ```
 */
export function formFills(): FormFills {
  const forms = new Map<string, Fill>();
  return {
    register(id, fill) {
      forms.set(id, fill);
      return () => {
        if (forms.get(id) === fill) forms.delete(id);
      };
    },
    fill(id, values) {
      const fill = forms.get(id);
      fill?.(values);
      return Boolean(fill);
    },
  };
}

export const FormFillsContext = createContext<FormFills | null>(null);

/** Registers a form under `id` (nothing without one) for buttons naming it as `fill`. */
export function useFormFill(id: string | undefined, fill: Fill): void {
  const fills = use(FormFillsContext);
  const latest = useRef(fill);
  latest.current = fill;
  useEffect(() => {
    if (!id || !fills) return;
    return fills.register(id, (values) => latest.current(values));
  }, [id, fills]);
}
