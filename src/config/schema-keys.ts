/** The keys the config schema knows at a place in the file (for "did you mean" on unknown keys). */
import type { z } from 'zod';

type AnySchema = z.core.$ZodType;

/** Through optional, default, nullable and pipe wrappers to the schema that holds the shape. */
function unwrap(schema: AnySchema): AnySchema {
  let current = schema;
  for (let i = 0; i < 16; i++) {
    const def = current._zod.def as { innerType?: AnySchema; in?: AnySchema; type: string };
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) return current;
    current = inner;
  }
  return current;
}

/** The schema of the value at `path` (a record's key stands for any of its entries). */
function schemaAt(root: AnySchema, path: readonly PropertyKey[]): AnySchema | undefined {
  let current: AnySchema | undefined = root;
  for (const key of path) {
    if (!current) return undefined;
    const def = unwrap(current)._zod.def as {
      type: string;
      shape?: Record<string, AnySchema>;
      valueType?: AnySchema;
    };
    if (def.type === 'object') current = def.shape?.[String(key)];
    else if (def.type === 'record') current = def.valueType;
    else return undefined;
  }
  return current;
}

/** The keys an object at `path` may have; empty when it is not an object with a fixed shape. */
export function knownKeysAt(root: AnySchema, path: readonly PropertyKey[]): string[] {
  const schema = schemaAt(root, path);
  if (!schema) return [];
  const def = unwrap(schema)._zod.def as { type: string; shape?: Record<string, AnySchema> };
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}
