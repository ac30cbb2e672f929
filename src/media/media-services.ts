/**
 * Everything a running box holds for what people send besides text (docs/media.md): the picture
 * store, the step that puts pictures into a turn's request, the uploads waiting for a message, and
 * `receive`, which turns one received file into what is stored with the message: a picture into
 * the picture store, audio into the audio seam (audio-seam.ts; by default saved and transcribed
 * when `media.transcription` is set), any other file into
 * `<workspace>/chat-files/`, named to the model.
 */

import { join } from 'node:path';
import type { ToolPicturePort } from '../agent/tool-pictures.js';
import type { Config } from '../config/schema.js';
import type { StoredAttachment } from '../conversations/types.js';
import type { Lang } from '../i18n/lang.js';
import type { Logger } from '../log/logger.js';
import type { ProviderInfo } from '../providers/types.js';
import type { PicturePort } from '../session/picture-port.js';
import type { Clock } from '../util/clock.js';
import type { AudioHandler } from './audio-seam.js';
import { saveIntoChatFiles } from './chat-files.js';
import { sniffMedia } from './media-kind.js';
import { receivedMessages } from './messages.js';
import { type DescribePicture, describePicture } from './pictures/describe-picture.js';
import { PictureError } from './pictures/normalize-picture.js';
import { pictureSettings } from './pictures/picture-settings.js';
import { createPictureStore, type PictureStore } from './pictures/picture-store.js';
import { createPicturePort } from './pictures/request-pictures.js';
import { createToolPicturePort } from './pictures/tool-pictures.js';
import { createUploadStore, type UploadStore } from './uploads/upload-store.js';
import type { VoiceHearer } from './voice/hear-voice.js';

export interface ReceivedFile {
  data: Uint8Array;
  name: string;
  /** Already saved in the workspace by a channel (relative path); absent: saved here when needed. */
  saved?: string;
}

export interface Received {
  attachment: StoredAttachment;
  /** Text the turn gets for it (absent for pictures: request-pictures.ts speaks for them). */
  text?: string;
  /** To show the person at once (a transcript as "🎤 …"). */
  shown?: string;
}

export interface ReceiveContext {
  sessionId: string;
  lang: Lang;
  signal?: AbortSignal;
}

export interface MediaServices {
  pictures: PictureStore;
  uploads: UploadStore;
  /** For the session turns (TurnDeps.pictures). */
  picturePort: PicturePort;
  /** For the session turns (TurnDeps.toolPictures): pictures tools return, shown in the same turn. */
  toolPicturePort: ToolPicturePort;
  receive(file: ReceivedFile, context: ReceiveContext): Promise<Received>;
  /** Where received audio goes; the voice code replaces the default (audio-seam.ts). */
  audio: AudioHandler;
  /** Start-up: stored pictures past their retention go, leftover uploads go. Never throws. */
  tidy(): Promise<void>;
}

export interface MediaOptions {
  config: () => Pick<Config, 'llm' | 'media'>;
  home: string;
  workspace: () => string;
  clock: Clock;
  provider: () => Pick<ProviderInfo, 'provider' | 'model'>;
  env: NodeJS.ProcessEnv;
  logger: Pick<Logger, 'warn' | 'info'>;
  describe?: DescribePicture;
  /** Replaces the default audio handler (which saves the file and hears it with `voice`). */
  audio?: AudioHandler;
  /** Transcribes saved audio (hear-voice.ts); absent: audio is only saved and named. */
  voice?: VoiceHearer;
}

const DAY_MS = 24 * 60 * 60 * 1000;

export function createMediaServices(options: MediaOptions): MediaServices {
  const { config, clock, logger } = options;
  const pictures = createPictureStore({
    dir: join(options.home, 'pictures'),
    clock,
    maxPx: () => config().media.max_image_px,
    retention: () => ({
      maxAgeMs: config().media.pictures_max_age_days * DAY_MS,
      maxBytes: config().media.pictures_max_mb * 1024 * 1024,
    }),
  });
  const uploads = createUploadStore({ dir: join(options.home, 'uploads'), clock, pictures });

  const saveFile = async (file: ReceivedFile) =>
    file.saved ?? (await saveIntoChatFiles(file.data, file.name, options.workspace(), clock.now()));

  const defaultAudio: AudioHandler = async (audio) => {
    const workspace = options.workspace();
    const saved = audio.saved ?? (await saveIntoChatFiles(audio.data, audio.name, workspace, clock.now()));
    const attachment: StoredAttachment = {
      kind: 'audio',
      name: audio.name,
      bytes: audio.data.byteLength,
      saved,
    };
    if (!options.voice) return { text: receivedMessages(audio.lang).fileSaved(saved), attachment };
    const heard = await options.voice.hear(workspace, saved, audio.mime, audio.lang, audio.signal);
    return { text: heard.text, attachment, shown: heard.shown };
  };

  const picturePort = createPicturePort({
    store: pictures,
    settings: () => pictureSettings(config(), options.provider(), options.env),
    describe: options.describe ?? describePicture,
    whereSaved: (picture) => picture.saved ?? pictures.path(picture.id),
    logger,
  });
  const services: MediaServices = {
    pictures,
    uploads,
    audio: options.audio ?? defaultAudio,
    picturePort,
    toolPicturePort: createToolPicturePort(pictures, picturePort),
    async receive(file, context) {
      const t = receivedMessages(context.lang);
      const sniffed = sniffMedia(file.data);
      if (sniffed.kind === 'image') {
        try {
          const attachment = await pictures.put(file.data, file.name, file.saved);
          void pictures.prune([attachment.id]);
          return { attachment };
        } catch (error) {
          if (!(error instanceof PictureError)) throw error;
          logger.warn({ err: error, name: file.name }, 'a received picture did not decode; kept as a file');
          const saved = await saveFile(file);
          return {
            attachment: { kind: 'file', name: file.name, bytes: file.data.byteLength, saved },
            text: t.badPictureSaved(saved),
          };
        }
      }
      if (sniffed.kind === 'audio') {
        const heard = await services.audio({
          data: file.data,
          name: file.name,
          mime: sniffed.mime,
          sessionId: context.sessionId,
          lang: context.lang,
          ...(file.saved ? { saved: file.saved } : {}),
          ...(context.signal ? { signal: context.signal } : {}),
        });
        return {
          attachment: heard.attachment,
          text: heard.text,
          ...(heard.shown ? { shown: heard.shown } : {}),
        };
      }
      const saved = await saveFile(file);
      return {
        attachment: { kind: 'file', name: file.name, bytes: file.data.byteLength, saved },
        text: t.fileSaved(saved),
      };
    },
    async tidy() {
      await uploads.clear().catch(() => undefined);
      const report = await pictures.prune();
      if (report.removed > 0) logger.info(report, 'removed old stored pictures');
    },
  };
  return services;
}
