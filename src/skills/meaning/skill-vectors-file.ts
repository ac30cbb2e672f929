/**
 * Where skill vectors are kept: in the data dir, beside the probe cache; remade when the embedding
 * model changes. Its own module so that the paths that only protect the file load none of the
 * embedding code (and no node:crypto) with it.
 */
export const SKILL_VECTORS_FILE = '.skills-vectors.json';
