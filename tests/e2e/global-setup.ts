/**
 * The end-to-end suite's migrated PGlite template, which each server the tests start copies as its data folder
 * (tests/support/database-template.ts).
 */
import { preparePgliteTemplate } from '../support/database-template.ts';

export default async function setup(): Promise<() => void> {
  return preparePgliteTemplate();
}
