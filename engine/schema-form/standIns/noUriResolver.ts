/**
 * Stands in for fast-uri in rjsf, in the application build (see vite.config.ts). rjsf resolves URIs only to follow `$ref`,
 * and the engine's form schemas have none: codegen dereferences every schema of a screen spec. Should one
 * ever reach a form, the message below says so rather than a reference silently resolving wrongly.
 */
function refused(): never {
  throw new Error('A form schema contains a $ref. Screen specs must carry dereferenced schemas: run "npm run codegen", which resolves every reference.');
}

export default { equal: refused, resolve: refused };
