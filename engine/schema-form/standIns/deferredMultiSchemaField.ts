// rjsf's list of fields imports a default export by file; see deferredFields.tsx.
export { DeferredMultiSchemaField as default } from './deferredFields';
