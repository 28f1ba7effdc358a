import type Anthropic from "@anthropic-ai/sdk";

/**
 * A Messages API client set up from the environment the way Claude Code's is: its key
 * or its auth token (ANTHROPIC_API_KEY, ANTHROPIC_AUTH_TOKEN) and its endpoint
 * (ANTHROPIC_BASE_URL). No retries: the caller has a deadline and a fallback. The SDK
 * loads only here, when a model is actually asked. `purpose` names the caller in the
 * error when there are no credentials.
 */
export async function messagesClient(
  env: NodeJS.ProcessEnv,
  timeoutMs: number,
  purpose: string,
): Promise<Anthropic> {
  const apiKey = env.ANTHROPIC_API_KEY;
  const authToken = env.ANTHROPIC_AUTH_TOKEN;
  if (!apiKey && !authToken) throw new Error(`no ANTHROPIC_API_KEY or ANTHROPIC_AUTH_TOKEN for ${purpose}`);
  const { default: Client } = await import("@anthropic-ai/sdk");
  return new Client({
    apiKey: apiKey ?? null,
    authToken: authToken ?? null,
    ...(env.ANTHROPIC_BASE_URL ? { baseURL: env.ANTHROPIC_BASE_URL } : {}),
    timeout: timeoutMs,
    maxRetries: 0,
  });
}
