import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { BusinessRight } from '../db/schema.ts';
import { ConfigError } from '../config/config.ts';

/** A JSON Schema as codegen wrote it: self-contained, no $ref left. */
export type JsonSchema = { [keyword: string]: unknown };

/** One RPC method as declared in schemas/api/methods and bundled by codegen. */
export interface MethodDeclaration {
  name: string;
  summary: string;
  access: 'public' | 'customer' | 'admin';
  /** The right a business user needs on the acting customer; 'any' lets every user acting for it call. */
  businessRight?: BusinessRight | 'any';
  moneyMoving?: boolean;
  /** With moneyMoving: the handler runs its own transactions; the key is claimed before and answered after. */
  ownTransactions?: boolean;
  uploads?: boolean;
  /** With uploads: its own multipart address, and the names its document gives params in `data`. */
  multipart?: { path: string; dataNames?: Record<string, string> };
  /** Changes nothing: an admin viewing a customer may call it. */
  readOnly?: boolean;
  errors: string[];
  request: JsonSchema;
  response: JsonSchema;
}

/** generated/api-bundle.json: every method declaration and the OpenAPI documents of the REST paths, with the database's limits. */
export interface ApiBundle {
  methods: Record<string, MethodDeclaration>;
  /** The token service's paths (schemas/api/rest.openapi.json). */
  rest: { components: { schemas: Record<string, JsonSchema> } } & JsonSchema;
  /** The session-rules paths: terms, SEI, SCP, check-urls (schemas/api/session-rules.openapi.json). */
  sessionRules: { components: { schemas: Record<string, JsonSchema> } } & JsonSchema;
}

/** What the server reads from the generated folder at start. */
export interface GeneratedArtifacts {
  bundle: ApiBundle;
  /** generated/openapi.json, served as it is. */
  openApiDocument: string;
}

function readGenerated(dir: string, file: string): string {
  const target = path.join(dir, file);
  if (!existsSync(target)) {
    throw new ConfigError(`${target} does not exist: run \`npm run codegen\`, or point GENERATED_DIR at the folder codegen wrote.`);
  }
  return readFileSync(target, 'utf8');
}

/**
 * Reads the API bundle and the OpenAPI document codegen wrote into `dir`. Read at run time, not
 * imported, so an analyst's schema change reaches the server through codegen alone.
 *
 * @example
 * const { bundle } = loadGeneratedArtifacts(config.generatedDir);
 */
export function loadGeneratedArtifacts(dir: string): GeneratedArtifacts {
  const bundle = JSON.parse(readGenerated(dir, 'api-bundle.json')) as ApiBundle;
  if (
    typeof bundle.methods !== 'object' ||
    typeof bundle.rest?.components?.schemas !== 'object' ||
    typeof bundle.sessionRules?.components?.schemas !== 'object'
  ) {
    throw new ConfigError(`${path.join(dir, 'api-bundle.json')} lacks 'methods', 'rest' or 'sessionRules': run \`npm run codegen\` again.`);
  }
  return { bundle, openApiDocument: readGenerated(dir, 'openapi.json') };
}
