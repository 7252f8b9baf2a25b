import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Brand } from '../../generated/entities.ts';
import { REPOSITORY_ROOT } from './config.ts';

const cache = new Map<string, Brand>();

/**
 * A brand's whole configuration, brands/<id>/brand.json (validated by codegen against
 * schemas/entities/brand.schema.json), read once; `brandsDir` for another copy of brands/ (tests).
 *
 * @example
 * brandConfig('aplus').languages; // ['en', 'es']
 */
export function brandConfig(brandId: string, brandsDir = path.join(REPOSITORY_ROOT, 'brands')): Brand {
  const key = `${brandsDir}:${brandId}`;
  const known = cache.get(key);
  if (known) return known;
  const file = path.join(brandsDir, brandId, 'brand.json');
  let brand: Brand;
  try {
    brand = JSON.parse(readFileSync(file, 'utf8')) as Brand;
  } catch (error) {
    throw new Error(`The brand '${brandId}' has no readable ${file}: set BRAND to a folder of brands/ (${String((error as Error).message)}).`, {
      cause: error,
    });
  }
  cache.set(key, brand);
  return brand;
}
