/** Where the chosen environment is kept between visits (document 002 section 9: a stored setting). */
export const ENVIRONMENT_KEY = 'navigation.environment';

/** The environment this tab talks to, and what became of the `?api` asked for. */
export interface ChosenEnvironment {
  /** `production` or `staging1` … `staging15`. */
  name: string;
  /** The API base of that environment ('' is this application's own origin). */
  apiBase: string;
  /** The `?api` value that named no environment of the brand (refused: production is used). */
  unknown?: string;
}

/**
 * Chooses the environment (brand.json `environments`): `?api=<name>` when the brand has it (and keeps the
 * choice in `storage`), `?api=production` (or empty) back to production; else the kept choice; else
 * production. An unknown name is refused: production, nothing kept, and `unknown` says what was asked.
 *
 * @example
 * chooseEnvironment('staging3', localStorage, brand.environments); // { name: 'staging3', apiBase: 'https://api.staging3…' }
 */
export function chooseEnvironment(asked: string | undefined, storage: Storage, environments: Record<string, string> = {}): ChosenEnvironment {
  const production: ChosenEnvironment = { name: 'production', apiBase: environments.production ?? '' };
  const known = (name: string | null): name is string => name !== null && name !== 'production' && Object.hasOwn(environments, name);
  if (asked !== undefined) {
    if (known(asked)) {
      storage.setItem(ENVIRONMENT_KEY, asked);
      return { name: asked, apiBase: environments[asked]! };
    }
    storage.removeItem(ENVIRONMENT_KEY);
    return asked === '' || asked === 'production' ? production : { ...production, unknown: asked };
  }
  const kept = storage.getItem(ENVIRONMENT_KEY);
  return known(kept) ? { name: kept, apiBase: environments[kept]! } : production;
}
