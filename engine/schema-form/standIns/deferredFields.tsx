import { lazy, type ComponentProps } from 'react';

/**
 * rjsf's array field and its `anyOf`/`oneOf` field, fetched the first time a form needs one. In the
 * application build (see vite.config.ts) rjsf's list of fields gets these instead of its own, so a form
 * of plain fields (the sign-in page's) does not download them. The route fetches them with the screen
 * when its forms' schemas have a list or a choice (see `preloadFormParts`), so such a form draws at once;
 * any other form waits for them inside its Suspense boundary.
 */
export const loadArrayField = () => import('@rjsf/core/lib/components/fields/ArrayField.js');
export const loadMultiSchemaField = () => import('@rjsf/core/lib/components/fields/MultiSchemaField.js');

const ArrayField = lazy(loadArrayField);
const MultiSchemaField = lazy(loadMultiSchemaField);

export function DeferredArrayField(props: ComponentProps<typeof ArrayField>) {
  return <ArrayField {...props} />;
}

export function DeferredMultiSchemaField(props: ComponentProps<typeof MultiSchemaField>) {
  return <MultiSchemaField {...props} />;
}
