import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingIndicator } from '../../engine/index.ts';

/**
 * A component whose code is fetched the first time it renders, so custom screens and widgets stay
 * out of the first load (the sign-in page downloads none of them). A loading indicator stands in meanwhile.
 *
 * @example
 * const LimitedAccount = lazyComponent(async () => (await import('../verification/LimitedAccount.tsx')).LimitedAccount);
 */
export function lazyComponent<Props extends object>(load: () => Promise<ComponentType<Props>>): ComponentType<Props> {
  const Lazy = lazy(async () => ({ default: await load() }));
  return function LazyComponent(props: Props) {
    return (
      <Suspense fallback={<LoadingIndicator />}>
        <Lazy {...props} />
      </Suspense>
    );
  };
}
