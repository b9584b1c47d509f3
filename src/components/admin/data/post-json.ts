/** Posts JSON to an admin endpoint and returns the status and body; a network failure reads as status 0. */
export async function postJson(url: string, body: unknown, method = 'POST'): Promise<{ status: number; body: Record<string, unknown> }> {
  try {
    const response = await fetch(url, {
      method,
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body ?? {}),
      credentials: 'same-origin',
    });
    const data = ((await response.json().catch(() => null)) ?? {}) as Record<string, unknown>;
    return { status: response.status, body: data };
  } catch {
    return { status: 0, body: { ok: false, error: 'The server could not be reached. Check your connection and try again.' } };
  }
}
