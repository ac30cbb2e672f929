/**
 * Size guards for the mathjs functions that allocate from a size argument, so an expression like
 * `ones(100000, 100000)` fails with a message instead of exhausting the server's memory.
 * Each guard checks the arguments, then calls the original function.
 */

/** Most elements one created matrix or range may have. */
export const MAX_ELEMENTS = 1_000_000;

export class TooLargeError extends Error {
  constructor(
    readonly functionName: string,
    readonly elements: number,
  ) {
    super(`${functionName}: ${elements} elements`);
  }
}

type MathFunction = (...args: unknown[]) => unknown;

/** Numbers in a value: a number, a BigNumber-like, an array or a Matrix-like (nested). */
function numbersIn(value: unknown): number[] {
  if (typeof value === 'number') return [value];
  if (Array.isArray(value)) return value.flatMap(numbersIn);
  if (value && typeof value === 'object') {
    const v = value as { toNumber?: () => number; valueOf?: () => unknown; isMatrix?: boolean };
    if (typeof v.toNumber === 'function') return [v.toNumber()];
    if (v.isMatrix && typeof v.valueOf === 'function') return numbersIn(v.valueOf());
  }
  return [];
}

const product = (dims: number[]) => dims.reduce((acc, n) => acc * Math.max(0, Math.abs(n)), 1);

function rangeCount(args: unknown[]): number {
  let nums: number[];
  if (typeof args[0] === 'string') nums = args[0].split(':').map(Number);
  else nums = args.flatMap(numbersIn);
  const [start = 0, end = 0, step = 1] = nums;
  return step === 0 ? Number.POSITIVE_INFINITY : Math.abs((end - start) / step);
}

/** How many elements a call would create, per guarded function. */
const COUNTERS: Record<string, (args: unknown[]) => number> = {
  ones: (args) => product(args.flatMap(numbersIn)),
  zeros: (args) => product(args.flatMap(numbersIn)),
  identity: (args) => {
    const dims = args.flatMap(numbersIn);
    return product(dims.length === 1 ? [dims[0] as number, dims[0] as number] : dims);
  },
  // random(min, max) takes plain numbers; only an array or matrix argument is a size.
  random: (args) => product(args.filter((a) => typeof a === 'object').flatMap(numbersIn)),
  randomInt: (args) => product(args.filter((a) => typeof a === 'object').flatMap(numbersIn)),
  resize: (args) => product(numbersIn(args[1])),
  range: rangeCount,
};

/** Overrides for `math.import(…, { override: true })` that check sizes, then call the originals. */
export function sizeGuards(math: Record<string, unknown>): Record<string, MathFunction> {
  const guards: Record<string, MathFunction> = {};
  for (const [name, count] of Object.entries(COUNTERS)) {
    const guard =
      (target: MathFunction) =>
      (...args: unknown[]) => {
        const elements = count(args);
        if (!(elements <= MAX_ELEMENTS)) throw new TooLargeError(name, elements);
        return target(...args);
      };
    const original = math[name] as MathFunction;
    const guarded: MathFunction & { transform?: MathFunction } = guard(original);
    // Inside expressions mathjs calls the function's transform when it has one (range's makes `1:5`
    // inclusive); an imported function keeps a transform given as its `transform` property.
    const transforms = (math.expression as { transform?: Record<string, MathFunction> } | undefined)
      ?.transform;
    const transform = transforms?.[name];
    if (transform) guarded.transform = guard(transform);
    guards[name] = guarded;
  }
  return guards;
}
