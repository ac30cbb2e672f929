/** Thrown inside an expression that calls a function the calculator disables. */
export class BlockedFunctionError extends Error {
  constructor(readonly functionName: string) {
    super(`function ${functionName} is disabled`);
  }
}
