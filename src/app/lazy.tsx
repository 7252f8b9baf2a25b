import { lazy, Suspense, type ComponentType } from 'react';
import { LoadingIndicator } from '../../engine/index.ts';

/**
 * A component whose code is fetched the first time it renders, so custom screens and widgets stay
 * out of the first load (the sign-in page downloads none of them). A loading indicator stands in meanwhile.
 *
 * @example
 * const IdentityVerificationSession = lazyComponent(async () => (await import('../verification/IdentityVerificationSession.tsx')).IdentityVerificationSession);
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
