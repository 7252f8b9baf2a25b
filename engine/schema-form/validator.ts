import { customizeValidator } from '@rjsf/validator-ajv8';
import Ajv2020 from 'ajv/dist/2020';
import type Ajv from 'ajv';

/**
 * The one ajv validator of every engine form. JSON Schema 2020-12, the dialect of `schemas/`, so the browser
 * applies exactly the rules the server applies; formats (email, date, date-time) from ajv-formats.
 */
export const schemaValidator = customizeValidator({
  // Ajv2020 shares Ajv's constructor options and instance API; the declared types differ only nominally.
  AjvClass: Ajv2020 as unknown as typeof Ajv,
});
