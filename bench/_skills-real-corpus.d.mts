/** Types of _skills-real-corpus.mjs for the TypeScript test that shares it. */
import type { SkillRegistry } from '../src/skills/types.js';

export const REQUESTS: { q: string; expect: string[] }[];
export function pickPrograms(count: number, binDir?: string): { name: string; path: string }[];
export function linkPrograms(dir: string, programs: { name: string; path: string }[]): void;
export function isJunkSummary(summary: string, skillsDir: string): boolean;
export function searchAccuracy(
  registry: SkillRegistry,
  ranked?: (q: string) => string[],
): {
  counted: number;
  top1: number;
  top3: number;
  misses: string[];
};
