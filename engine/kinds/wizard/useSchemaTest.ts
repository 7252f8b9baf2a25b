import { use, useCallback, useMemo } from 'react';
import { createPrecompiledValidator, type ValidatorFunctions } from '@rjsf/validator-ajv8';
import { hashForSchema, type RJSFSchema } from '@rjsf/utils';
import { PrecompiledValidatorsContext } from '../../schema-form/precompiledValidators';
import { loadCompilingValidator } from '../../schema-form/schemaValidators';
import type { JsonSchema } from '../../spec/types';

const keyOf = (schema: JsonSchema): string => (typeof schema.$id === 'string' ? schema.$id : hashForSchema(schema as RJSFSchema));

/**
 * A test of data against the JSON Schemas a screen lists (a wizard's `showIf` conditions), with the
 * validators codegen precompiled for them; a schema without one is compiled in the browser, after the
 * compiler's chunk has loaded (the component suspends once).
 *
 * @example
 * ```ts
 * const holds = useSchemaTest(wizard.steps.flatMap((step) => (step.showIf ? [step.showIf] : [])));
 * holds(step.showIf, answers); // true when the answers are valid against it
 * ```
 */
export function useSchemaTest(schemas: readonly JsonSchema[]): (schema: JsonSchema, data: Record<string, unknown>) => boolean {
  const precompiled = use(PrecompiledValidatorsContext);
  const needsCompiler = schemas.some((schema) => !(keyOf(schema) in precompiled));
  const compiler = needsCompiler ? use(loadCompilingValidator()) : undefined;
  const validators = useMemo(
    () =>
      new Map(
        schemas.map((schema) => [
          schema,
          keyOf(schema) in precompiled ? createPrecompiledValidator(precompiled as ValidatorFunctions, schema as RJSFSchema) : compiler,
        ]),
      ),
    [schemas, precompiled, compiler],
  );
  return useCallback((schema, data) => validators.get(schema)?.isValid(schema as RJSFSchema, data, schema as RJSFSchema) ?? true, [validators]);
}
