/** Reads a stream of JSON lines (one value per line) as the values arrive. */
export async function* jsonLines<T>(body: ReadableStream<Uint8Array>): AsyncGenerator<T> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let newline;
    while ((newline = buffer.indexOf('\n')) >= 0) {
      yield JSON.parse(buffer.slice(0, newline)) as T;
      buffer = buffer.slice(newline + 1);
    }
  }
}
