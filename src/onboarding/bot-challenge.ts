/** What the sandbox provider answers once a challenge is solved. */
interface SolvedAnswer {
  token?: unknown;
}

/**
 * Solves the bot challenge for the brand's site key at the provider (the sandbox's
 * `POST /sandbox/bot-challenge/solve` of the API the application talks to) and answers the token to
 * send as `challengeToken`. Rejects when the provider cannot be reached or answers no token.
 *
 * @example
 * const token = await solveBotChallenge({ apiBase: '', siteKey: 'sandbox-paxum' });
 */
export async function solveBotChallenge(options: { apiBase: string; siteKey: string; fetch?: typeof fetch }): Promise<string> {
  const response = await (options.fetch ?? fetch)(`${options.apiBase}/sandbox/bot-challenge/solve`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify({ siteKey: options.siteKey }),
  });
  const answer = (await response.json().catch(() => ({}))) as SolvedAnswer;
  if (!response.ok || typeof answer.token !== 'string' || !answer.token) throw new Error(`The bot challenge answered HTTP ${response.status} without a token.`);
  return answer.token;
}
