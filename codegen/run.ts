import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CodegenError } from './errors.ts';
import { defaultPaths, generate, staleFiles, writeGenerated } from './generate.ts';

/**
 * `npm run codegen` writes generated/; `npm run codegen -- --check` only reports files that differ.
 * Folders can be redirected with SCHEMAS_DIR, SCREENS_DIR, BRANDS_DIR and GENERATED_DIR.
 */
async function main(): Promise<void> {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const paths = defaultPaths(root);
  const summary = await generate(paths);
  if (process.argv.includes('--check')) {
    const stale = staleFiles(paths.outDir, summary.files);
    if (stale.length) {
      console.error(`generated/ is stale: ${stale.join(', ')}. Run npm run codegen.`);
      process.exit(1);
    }
    return;
  }
  writeGenerated(paths.outDir, summary.files);
  console.log(
    `codegen: ${summary.entities} entities, ${summary.methods} methods, ${summary.screens} screens, ${summary.brands} brands -> ${path.relative(root, paths.outDir) || '.'}/`,
  );
}

main().catch((error: unknown) => {
  if (error instanceof CodegenError) {
    console.error(`codegen: ${error.message}`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
