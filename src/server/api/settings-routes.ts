/**
 * /api/settings: the page's Settings tab, generated from the config schema. GET lists every key
 * with its type (JSON Schema), default, live or restart, label in zh and en and its saved value
 * (secrets only as set / not set); PUT writes the given keys into config.json (validated first,
 * atomically, 0600; nothing written on any problem) and applies the live ones to the running box;
 * POST /reload re-reads the file as `/reload` does (`aibox config reload`, `aibox mcp add`).
 * Changes need the client key or the token like every `/api` change.
 */
import type { Context } from 'hono';
import { Hono } from 'hono';
import type { AppServices } from '../../app/services.js';
import { ConfigError } from '../../config/config-error.js';
import { httpStatusOf, wireCodeOf } from '../../error-codes.js';
import type { SettingsDto, SettingsErrorDto, SettingsPutBody, SettingsSavedDto } from './dto.js';
import type { ApiMessages } from './messages.js';
import { readJson } from './read-json.js';

/** The schema and the file editor bring zod: loaded by the first settings request. */
async function settingsModules() {
  const [keys, redact, edit, plan, load] = await Promise.all([
    import('../../config/config-keys.js'),
    import('../../config/redact-config.js'),
    import('../../config/settings-edit.js'),
    import('../../config/reload-plan.js'),
    import('../../config/load-config.js'),
  ]);
  return { ...keys, ...redact, ...edit, ...plan, ...load };
}

async function settingsOf(app: AppServices): Promise<SettingsDto> {
  const m = await settingsModules();
  let saved = app.config;
  let fileProblems: SettingsDto['fileProblems'];
  try {
    saved = (await m.loadConfig(app.configPath)).config;
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    fileProblems = error.problems;
  }
  const shown = m.redactConfig(saved);
  const keys = m.configKeys().map((key) => {
    const secret = key.facts.secret === true;
    const value = key.path.reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      secret ? saved : shown,
    );
    return {
      key: key.name,
      section: key.path.slice(0, -1).join('.'),
      label: { zh: key.facts.zh, en: key.facts.en },
      schema: key.jsonSchema,
      default: key.default,
      live: key.facts.live,
      secret,
      value: secret ? '' : value,
      ...(secret ? { set: typeof value === 'string' && value !== '' } : {}),
    };
  });
  const sections = m.configSections().map((section) => ({
    name: section.name,
    label: section.facts ?? { zh: section.name, en: section.name },
  }));
  const info = app.provider.info;
  return {
    file: app.configPath,
    sections,
    keys,
    restartPending: m.planReload(app.config, saved).restart,
    modelReady: info.hasKey || info.keyEnv === '',
    ...(fileProblems ? { fileProblems } : {}),
  };
}

function refused(c: Context, error: ConfigError, message: string): Response {
  const body: SettingsErrorDto = {
    error: { code: wireCodeOf('settings_invalid'), message },
    problems: error.problems,
  };
  return c.json(body, httpStatusOf('settings_invalid') as 400);
}

export function createSettingsRoutes(services: AppServices, t: ApiMessages): Hono {
  const app = new Hono();
  // One save at a time: each reads the file the one before wrote.
  let queue: Promise<unknown> = Promise.resolve();
  const serially = <T>(work: () => Promise<T>): Promise<T> => {
    const run = queue.then(work, work);
    queue = run.catch(() => undefined);
    return run;
  };

  app.get('/', async (c) => c.json<SettingsDto>(await settingsOf(services)));

  app.put('/', async (c) => {
    const body = (await readJson(c.req.raw, t)) as Partial<SettingsPutBody> | null;
    const values = body?.values;
    if (typeof values !== 'object' || values === null || Array.isArray(values))
      return c.json({ error: { code: wireCodeOf('bad_request'), message: t.badBody('values') } }, 400);
    return serially(async () => {
      const m = await settingsModules();
      try {
        m.editConfigFile(services.configPath, values, services.config);
      } catch (error) {
        if (error instanceof ConfigError) return refused(c, error, t.settingsRefused);
        throw error;
      }
      const plan = await services.reloadConfig();
      services.logger.info({ module: 'settings', keys: Object.keys(values) }, 'settings saved from the page');
      return c.json<SettingsSavedDto>({ ...plan, settings: await settingsOf(services) });
    });
  });

  app.post('/reload', async (c) =>
    serially(async () => {
      try {
        const plan = await services.reloadConfig();
        return c.json<SettingsSavedDto>({ ...plan, settings: await settingsOf(services) });
      } catch (error) {
        if (error instanceof ConfigError) return refused(c, error, t.settingsFileInvalid);
        throw error;
      }
    }),
  );

  return app;
}
