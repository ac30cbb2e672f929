/**
 * The first entry of every snapshot, `manifest.json`: which build made it, when and why, the
 * schema version of memories.db, and each entry with its size and sha256. A snapshot is restored
 * only when every file's bytes match it.
 */
import { z } from 'zod';
import { readTarGz, type TarEntry } from './tar.js';

export const MANIFEST_ENTRY = 'manifest.json';
export const MANIFEST_FORMAT = 'aibox-snapshot';

export const SNAPSHOT_REASONS = ['manual', 'before-migration', 'before-restore'] as const;
export type SnapshotReason = (typeof SNAPSHOT_REASONS)[number];

const ManifestEntrySchema = z.strictObject({
  path: z.string().min(1).max(4096),
  type: z.enum(['file', 'dir', 'symlink']),
  mode: z.int().min(0).max(0o7777),
  size: z.int().min(0),
  /** Files: of the bytes; symbolic links: of the link's target. */
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
  link: z.string().max(4096).optional(),
});
export type ManifestEntry = z.infer<typeof ManifestEntrySchema>;

const ManifestSchema = z.strictObject({
  format: z.literal(MANIFEST_FORMAT),
  format_version: z.literal(1),
  aibox_version: z.string(),
  created_at: z.string(),
  reason: z.enum(SNAPSHOT_REASONS),
  home: z.string(),
  schema: z.strictObject({
    /** memories.db's PRAGMA user_version; 0 when there was no database yet. */
    database: z.int().min(0),
  }),
  files: z.array(ManifestEntrySchema).max(1_000_000),
});
export type Manifest = z.infer<typeof ManifestSchema>;

/** The manifest of a snapshot file (its first entry only: the rest is not read). */
export async function readManifest(file: string): Promise<Manifest> {
  for await (const entry of readTarGz(file)) return manifestOf(entry);
  throw new Error('the archive is empty');
}

/** Reads and checks the manifest from a snapshot's first entry. */
export async function manifestOf(first: TarEntry): Promise<Manifest> {
  if (first.path !== MANIFEST_ENTRY || first.type !== 'file' || first.size > 64 * 1024 * 1024)
    throw new Error(`the first entry is not ${MANIFEST_ENTRY}`);
  const parts: Buffer[] = [];
  for await (const chunk of first.chunks()) parts.push(chunk);
  return parseManifest(Buffer.concat(parts).toString('utf8'));
}

function parseManifest(text: string): Manifest {
  const parsed = ManifestSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`manifest.json: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}
