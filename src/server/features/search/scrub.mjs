// @ts-check
// What Google and Bing say when they refuse is shown to the owner and logged, and a server may repeat in it what it
// was sent: the request's address (Bing's carries the API key), a header (a bearer token), a key. So any text from
// them is scrubbed first: the secrets this server holds wherever they appear, and whatever has the shape of a
// credential (`apikey=…`, `key=…`, `access_token=…`, `Bearer …`, a private key, a JWT, a Google token).
// Plain JavaScript (typed with JSDoc) because `npm run search:sync` runs the clients without the bundle.

/** What a secret becomes. */
export const removed = '[removed]';

/** Shapes of credentials, whoever's they are, each with what stays of it. @type {[RegExp, string][]} */
const shapes = [
  [/-----BEGIN[^-\n]*-----[\s\S]*?(?:-----END[^-\n]*-----|$)/g, removed],
  [/\bBearer\s+[^\s"',;]+/gi, `Bearer ${removed}`],
  [/\b((?:api[_-]?key|key|access_token|refresh_token|id_token|token|client_secret|assertion)=)[^&\s"'<>]*/gi, `$1${removed}`],
  [/(["']?\b(?:api[_-]?key|access_token|refresh_token|id_token|client_secret|private_key|assertion)["']?\s*:\s*["']?)[^"',\s}&]+/gi, `$1${removed}`],
  [/\bya29\.[\w.-]+/g, removed],
  [/\beyJ[\w-]+\.[\w-]+\.[\w-]*/g, removed],
];

/**
 * The pieces of a secret to look for: itself, as a URL carries it, and (a PEM key) each line of its body, so that
 * a fragment repeated on its own is found too.
 * @param {string} secret
 */
function piecesOf(secret) {
  const pieces = [secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)];
  for (const line of secret.split(/\r?\n/)) if (line.length >= 16 && !line.startsWith('-----')) pieces.push(line);
  return pieces;
}

/**
 * Text from outside with every secret in it replaced by "[removed]".
 * @param {string} text
 * @param {(string | null | undefined)[]} [secrets] the credentials this server holds (an API key, a private key, a token)
 */
export function scrubSecrets(text, secrets = []) {
  let clean = text;
  const pieces = secrets.flatMap((secret) => (secret && secret.length >= 6 ? piecesOf(secret) : [])).sort((a, b) => b.length - a.length);
  for (const piece of pieces) clean = clean.split(piece).join(removed);
  for (const [shape, replacement] of shapes) clean = clean.replace(shape, replacement);
  return clean;
}

/**
 * An error as the log may show it: its message and stack scrubbed.
 * @param {unknown} error @param {(string | null | undefined)[]} [secrets]
 */
export function scrubbedError(error, secrets = []) {
  const original = error instanceof Error ? error : new Error(String(error));
  const clean = new Error(scrubSecrets(original.message, secrets));
  clean.name = original.name;
  clean.stack = original.stack === undefined ? undefined : scrubSecrets(original.stack, secrets);
  return clean;
}
