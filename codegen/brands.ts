import path from 'node:path';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { CodegenError } from './errors.ts';
import { displayPath, type CodegenPaths } from './files.ts';
import type { JsonObject, SchemaResolver } from './refs.ts';
import { assertValid, createAjv } from './validate.ts';

/** A brand folder that passed validation. */
export interface CheckedBrand {
  id: string;
  folder: string;
  logo: string;
}

/**
 * Validates brands/<id>/brand.json against schemas/entities/brand.schema.json and checks the rest:
 * the id equals the folder, the logo file exists, the default language is offered.
 */
export function readBrands(paths: CodegenPaths, refs: SchemaResolver): CheckedBrand[] {
  const ajv = createAjv();
  const validate = ajv.compile(refs.dereference(path.join(paths.schemasDir, 'entities/brand.schema.json')));
  if (!existsSync(paths.brandsDir)) return [];
  const brands: CheckedBrand[] = [];
  for (const id of readdirSync(paths.brandsDir).sort()) {
    const folder = path.join(paths.brandsDir, id);
    if (!statSync(folder).isDirectory()) continue;
    const file = path.join(folder, 'brand.json');
    const shown = displayPath(paths, file);
    if (!existsSync(file)) throw new CodegenError(displayPath(paths, folder), '', 'has no brand.json: every brand folder needs one');
    const brand = refs.load(file) as JsonObject;
    assertValid(validate, brand, shown);
    if (brand.id !== id) throw new CodegenError(shown, '/id', `is '${String(brand.id)}' but the folder is '${id}': they must match`);
    const logo = path.join(folder, brand.logo as string);
    if (!existsSync(logo)) throw new CodegenError(shown, '/logo', `'${String(brand.logo)}' is not in ${displayPath(paths, folder)}/`);
    if (!(brand.languages as string[]).includes(brand.defaultLanguage as string)) {
      throw new CodegenError(shown, '/defaultLanguage', `'${String(brand.defaultLanguage)}' is not one of the brand's languages`);
    }
    brands.push({ id, folder, logo });
  }
  if (brands.length === 0) throw new CodegenError(displayPath(paths, paths.brandsDir), '', 'holds no brand: add at least one folder with a brand.json');
  return brands;
}
