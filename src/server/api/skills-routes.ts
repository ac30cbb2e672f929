/** /api/skills: list, search, one skill's content, reload, and install from an uploaded file. */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { UPLOAD_DIR_PREFIX } from '../../app/leftovers.js';
import type { AppServices } from '../../app/services.js';
import { describeError, isAppError } from '../../errors.js';
import type { Lang } from '../../i18n/lang.js';
import type { SkillsChange } from '../../protocol/frames.js';
import { describeFinding } from '../../skills/install/install-report.js';
import { installScanMessages } from '../../skills/messages.js';
import type { ScanFinding, Skill, SkillRegistry } from '../../skills/types.js';
import type {
  InstalledSkillDto,
  ScanFindingDto,
  ScanRefusalDto,
  SkillDetailDto,
  SkillDto,
  SkillListDto,
  SkillSearchDto,
} from './dto.js';
import { apiError, apiErrorBody, apiErrorResponse } from './errors.js';
import type { ApiMessages } from './messages.js';

/** Largest skill file accepted by upload. */
export const MAX_SKILL_UPLOAD_BYTES = 2 * 1024 * 1024;
const FILENAME = /^[A-Za-z0-9_.-]{1,128}$/;

function skillDto(skill: Skill, skills: Pick<SkillRegistry, 'provenance'>): SkillDto {
  const dto: SkillDto = {
    name: skill.name,
    type: skill.type,
    summary: skill.summary,
    path: skill.path,
    status: skill.status,
  };
  if (skill.error) dto.error = skill.error;
  if (skill.warning) dto.warning = skill.warning;
  const provenance = skills.provenance(skill.name);
  if (provenance) dto.provenance = provenance;
  return dto;
}

function findingDtos(findings: readonly ScanFinding[], lang: Lang): ScanFindingDto[] {
  return findings.map((finding) => ({ ...finding, text: describeFinding(finding, lang) }));
}

const SearchQuery = z.object({
  q: z.string().max(200).default(''),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
const InstallQuery = z.object({
  filename: z.string().optional(),
  force: z.enum(['0', '1', 'true', 'false']).optional(),
  /** A person saw the scan's high-risk findings (the 409 answer) and still wants the skill. */
  confirm: z.enum(['0', '1', 'true', 'false']).optional(),
});

const yes = (flag: string | undefined) => flag === '1' || flag === 'true';

/** The uploaded file: raw body (name from ?filename=) or multipart field `file`. */
async function readUpload(
  req: Request,
  filename: string | undefined,
  t: ApiMessages,
): Promise<{ name: string; data: Uint8Array }> {
  const type = req.headers.get('content-type') ?? '';
  if (type.startsWith('multipart/form-data')) {
    // A body that does not match its multipart header is the client's mistake, not a server failure.
    const form = await req.formData().catch((error: unknown) => {
      throw apiError('bad_request', t.badForm(describeError(error)));
    });
    const file = form.get('file');
    if (!(file instanceof File)) throw apiError('bad_request', t.noFile);
    return { name: filename ?? file.name, data: new Uint8Array(await file.arrayBuffer()) };
  }
  const data = new Uint8Array(await req.arrayBuffer());
  if (!filename || data.length === 0) throw apiError('bad_request', t.noFile);
  return { name: filename, data };
}

export function createSkillsRoutes(services: AppServices, t: ApiMessages): Hono {
  const app = new Hono();
  const { skills } = services;

  app.get('/', (c) => {
    const list = skills.list();
    return c.json<SkillListDto>({ total: list.length, skills: list.map((skill) => skillDto(skill, skills)) });
  });

  app.get('/search', async (c) => {
    const { q, limit } = SearchQuery.parse(c.req.query());
    // With embeddings on, the same fused ranking as search_skills.
    const result = services.skillMeaning
      ? await services.skillMeaning.search(q.trim(), limit, c.req.raw.signal)
      : skills.search(q.trim(), { limit });
    return c.json<SkillSearchDto>({
      query: q,
      total: result.total,
      hits: result.hits.map((hit) => ({
        skill: skillDto(hit.skill, skills),
        score: hit.score,
        snippet: hit.snippet,
      })),
      ...('byMeaning' in result && result.byMeaning ? { byMeaning: true as const } : {}),
    });
  });

  app.post('/reload', async (c) => c.json<SkillsChange>(await skills.reload()));

  app.post(
    '/install',
    bodyLimit({
      maxSize: MAX_SKILL_UPLOAD_BYTES,
      onError: (c) => apiErrorResponse(c, 'too_large', t.tooLarge(MAX_SKILL_UPLOAD_BYTES)),
    }),
    async (c) => {
      const query = InstallQuery.parse(c.req.query());
      const upload = await readUpload(c.req.raw, query.filename, t);
      const name = upload.name;
      if (!FILENAME.test(name) || name.startsWith('.') || basename(name) !== name) {
        throw apiError('bad_request', t.badFilename(upload.name));
      }
      // The skill's name comes from the file name, so the temp file keeps it (in a private temp dir).
      const dir = await mkdtemp(join(tmpdir(), UPLOAD_DIR_PREFIX));
      try {
        const source = join(dir, name);
        await writeFile(source, upload.data, { mode: 0o600 });
        const confirmed = yes(query.confirm);
        const skill = await skills.install(source, {
          force: yes(query.force),
          source: `upload ${name}`,
          refusalHint: installScanMessages(services.lang).refusedApi,
          confirmRisk: async () => confirmed,
        });
        return c.json<InstalledSkillDto>(
          {
            ...skillDto(skill, skills),
            content: skill.content,
            findings: findingDtos(skill.scanFindings, services.lang),
          },
          201,
        );
      } catch (error) {
        if (!isAppError(error, 'skill_scan_refused')) throw error;
        const findings = (error.details?.findings ?? []) as ScanFinding[];
        return c.json<ScanRefusalDto>(
          { ...apiErrorBody(error.code, error.message), findings: findingDtos(findings, services.lang) },
          409,
        );
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );

  app.get('/:name', (c) => {
    const name = c.req.param('name');
    const skill = skills.get(name);
    if (!skill) throw apiError('not_found', t.noSkill(name));
    return c.json<SkillDetailDto>({ ...skillDto(skill, skills), content: skill.content });
  });

  return app;
}
