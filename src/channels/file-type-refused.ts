/** A file of a type the vendor's bot cannot send (DingTalk's robots: documents only); the bridge tells the chat in its language. */
export class FileTypeRefusedError extends Error {
  constructor(
    readonly vendor: string,
    /** The types (file name extensions) the vendor takes. */
    readonly types: readonly string[],
  ) {
    super(`${vendor} bots send only these file types: ${types.join(', ')}`);
    this.name = 'FileTypeRefusedError';
  }
}
