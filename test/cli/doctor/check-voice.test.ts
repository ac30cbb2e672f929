/** The `voice` line of `aibox doctor`: off, on, or on without its key variable; no network. */
import { describe, expect, it } from 'vitest';
import { checkVoice } from '../../../src/cli/doctor/check-voice.js';
import type { DoctorInput } from '../../../src/cli/doctor/input.js';
import { doctorCheckMessages } from '../../../src/cli/doctor/messages.js';
import { ConfigSchema } from '../../../src/config/schema.js';

const input = (media: Record<string, unknown>, env: NodeJS.ProcessEnv = {}): DoctorInput =>
  ({
    ctx: { loaded: { config: ConfigSchema.parse({ media }) } },
    env,
    offline: true,
    aibox: 'aibox',
    t: doctorCheckMessages('en'),
  }) as unknown as DoctorInput;

const stt = {
  base_url: 'https://api.siliconflow.cn/v1',
  model: 'FunAudioLLM/SenseVoiceSmall',
  api_key_env: 'SF_KEY',
};

describe('checkVoice', () => {
  it('is skipped without media.transcription', () => {
    expect(checkVoice(input({}))).toEqual({
      id: 'voice',
      status: 'skip',
      summary: 'voice notes: not transcribed (media.transcription is not set)',
      lines: [],
    });
  });

  it('names the model and host when ffmpeg is there and the key is set; spoken replies as a line', () => {
    const speech = { base_url: 'http://127.0.0.1:9000/v1', model: 'tts-1' };
    expect(checkVoice(input({ transcription: stt, speech }, { SF_KEY: 'sk' }))).toEqual({
      id: 'voice',
      status: 'ok',
      summary:
        'voice notes: transcribed by FunAudioLLM/SenseVoiceSmall at api.siliconflow.cn, ffmpeg installed',
      lines: ['spoken replies: on (tts-1)'],
    });
  });

  it('warns when the key variable it names is not set', () => {
    expect(checkVoice(input({ transcription: stt }))).toMatchObject({
      status: 'warn',
      summary: 'voice notes: the transcription key variable SF_KEY is not set',
    });
  });
});
