import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';
import type Ajv from 'ajv';

/**
 * The validator of a form whose schema codegen did not precompile (a spec handed to the engine by hand, a
 * stale `generated/`): ajv compiles the schema in the browser. JSON Schema 2020-12, the dialect of
 * `schemas/`, with ajv-formats, the options codegen precompiles with. Its own chunk, fetched only when a
 * screen needs it, because ajv's compiler is the larger part of a form's code.
 */
export const compilingValidator = customizeValidator({
  // Ajv2020 shares Ajv's constructor options and instance API; the declared types differ only nominally.
  AjvClass: Ajv2020 as unknown as typeof Ajv,
});
