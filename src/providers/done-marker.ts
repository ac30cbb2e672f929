/**
 * Sees the SSE end marker `data: [DONE]`, which the openai SDK consumes without telling:
 * a `fetch` for the SDK that passes every byte through unchanged and remembers, per
 * response, whether the marker went by. `finish_reason` or `[DONE]` is what tells a
 * finished stream from one a proxy cut cleanly (see openai-provider.ts).
 */
const DONE_LINE = /(?:^|\n)data: ?\[DONE\]/;

interface DoneTracker {
  fetch: typeof fetch;
  /** Whether the body of `response` (as returned by `fetch` above) held `data: [DONE]` so far. */
  sawDone(response: Response): boolean;
}

export function createDoneTracker(base: typeof fetch = fetch): DoneTracker {
  const seen = new WeakMap<Response, { done: boolean }>();
  const tracked = async (input: Parameters<typeof fetch>[0], init?: Parameters<typeof fetch>[1]) => {
    const response = await base(input, init);
    const type = response.headers.get('content-type') ?? '';
    if (!response.body || !type.includes('text/event-stream')) return response;
    const state = { done: false };
    const decoder = new TextDecoder();
    let tail = '';
    const scan = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        if (!state.done) {
          const text = tail + decoder.decode(chunk, { stream: true });
          state.done = DONE_LINE.test(text);
          tail = text.slice(-16); // the marker may span two chunks
        }
        controller.enqueue(chunk);
      },
    });
    const wrapped = new Response(response.body.pipeThrough(scan), {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    seen.set(wrapped, state);
    return wrapped;
  };
  return { fetch: tracked as typeof fetch, sawDone: (response) => seen.get(response)?.done ?? false };
}
