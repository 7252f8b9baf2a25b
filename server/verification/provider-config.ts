import type { ProviderGateway } from './providers.ts';

/**
 * Reads a real provider's settings from `<PREFIX>_URL`, `<PREFIX>_API_KEY` and
 * `<PREFIX>_WEBHOOK_SECRET`, plus `PUBLIC_URL` (where the provider sends customers back). Outside
 * production the sandbox stands in and they may be empty; in production a missing one stops the start
 * with a message naming it.
 *
 * @example
 * providerGateway(process.env, 'IDENTITY_PROVIDER'); // { url, apiKey, webhookSecret, publicUrl }
 */
export function providerGateway(env: NodeJS.ProcessEnv, prefix: string): ProviderGateway {
  const gateway = {
    url: env[`${prefix}_URL`] ?? '',
    apiKey: env[`${prefix}_API_KEY`] ?? '',
    webhookSecret: env[`${prefix}_WEBHOOK_SECRET`] ?? '',
    publicUrl: env.PUBLIC_URL ?? '',
  };
  if (env.NODE_ENV === 'production') {
    for (const [name, value] of [
      [`${prefix}_URL`, gateway.url],
      ['PUBLIC_URL', gateway.publicUrl],
    ] as const) {
      if (!/^https?:\/\//.test(value))
        throw new Error(`${name} is '${value}': in production set it to an http(s) URL (outside production the sandbox is used).`);
    }
    for (const [name, value] of [
      [`${prefix}_API_KEY`, gateway.apiKey],
      [`${prefix}_WEBHOOK_SECRET`, gateway.webhookSecret],
    ] as const) {
      if (value.length < 16) throw new Error(`${name} is missing or shorter than 16 characters: in production set it to the provider's credential.`);
    }
  }
  return gateway;
}

/**
 * A provider's gateway settings when sandboxes are off; without them the server cannot reach the
 * provider, so it refuses to start and names the variables to set.
 */
export function requiredGateway(gateway: ProviderGateway | undefined, prefix: string): ProviderGateway {
  if (!gateway?.url)
    throw new Error(`${prefix}_URL is not set: with sandboxes off, set ${prefix}_URL, ${prefix}_API_KEY, ${prefix}_WEBHOOK_SECRET and PUBLIC_URL.`);
  return gateway;
}
