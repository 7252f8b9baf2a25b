import { createContext } from 'react';

/**
 * The precompiled validators of the open screen's forms: the default export of `generated/validators/<id>.ts`
 * (ajv standalone functions keyed by rjsf's `hashForSchema` of the schema each checks), provided by the
 * screen route; `{}` where there are none. Apart from `useSchemaValidator`, so that the route, which every
 * screen loads, does not carry rjsf.
 */
export const PrecompiledValidatorsContext = createContext<Readonly<Record<string, unknown>>>({});
