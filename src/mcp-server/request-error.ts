/**
 * A JSON-RPC error answer from one of the server's handlers: the SDK answers a thrown error that
 * carries a numeric `code` with that code and message (so this file needs no SDK at load time).
 */
export const INVALID_PARAMS = -32602;
/** What the spec gives for a `resources/read` of a URI the server does not have. */
export const RESOURCE_NOT_FOUND = -32002;

export class McpRequestError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}
