import { use, useMemo } from 'react';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { hashForSchema, type RJSFSchema, type ValidatorType } from '@rjsf/utils';
import type { JsonSchema } from '../spec/types';
import { PrecompiledValidatorsContext } from './precompiledValidators';

/** rjsf's key of a schema among precompiled validators: its `$id`, else its content hash. */
function keyOf(schema: JsonSchema): string {
  return typeof schema.$id === 'string' ? schema.$id : hashForSchema(schema as RJSFSchema);
}

let compiler: ValidatorType | undefined;
let compilerLoading: Promise<ValidatorType> | undefined;

/**
 * Fetches, once, the validator that compiles schemas in the browser with ajv, for forms that have no
 * precompiled validator. The route awaits it before opening a screen whose entry brings no precompiled
 * validators, so that its forms render at once.
 *
 * @example
 * ```ts
 * await loadCompilingValidator();
 * ```
 */
export function loadCompilingValidator(): Promise<ValidatorType> {
  compilerLoading ??= import('./compilingValidator').then((module) => (compiler = module.compilingValidator));
  return compilerLoading;
}

/**
 * The validator of a form's schema. Codegen precompiles one for every form schema of a screen spec
 * (`generated/validators/<id>.ts`, see `screenFormSchemas`), so the browser does not ship ajv's compiler;
 * they are keyed by content hash, so a stale one never matches. A schema without one (a spec handed to
 * the engine by hand, a stale `generated/`) is compiled in the browser by ajv, whose code the route has
 * fetched already for a hand-made entry, or else the form suspends while it arrives. Either way the rules
 * are the schema's own.
 *
 * @example
 * ```tsx
 * const validator = useSchemaValidator(schema);
 * <Form validator={validator} schema={schema} ... />
 * ```
 */
export function useSchemaValidator(schema: JsonSchema): ValidatorType {
  const precompiled = use(PrecompiledValidatorsContext);
  // One validator per schema: rjsf rebuilds its schema utilities whenever the validator changes.
  const validator = useMemo(
    () => (keyOf(schema) in precompiled ? createPrecompiledValidator(precompiled as ValidatorFunctions, schema as RJSFSchema) : undefined),
    [precompiled, schema],
  );
  return validator ?? compiler ?? use(loadCompilingValidator());
}
