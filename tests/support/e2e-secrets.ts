/** A key for the browser suite's fake AI API: like every secret, it must never reach the server's log. */
export const e2eAiApiKey = 'e2e-ai-api-key-that-must-never-be-logged';
