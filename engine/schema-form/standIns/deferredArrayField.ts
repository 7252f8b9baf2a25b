// rjsf's list of fields imports a default export by file; see deferredFields.tsx.
export { DeferredArrayField as default } from './deferredFields';
