/*
 * The labelled field is the engine's (`Field` in engine/index.ts); this name stays for the custom screens
 * that import it from here while they move onto the engine (issue 12), so the moves need not touch them.
 */
export { Field } from '../../engine/index.ts';
