/** What voice notes and spoken replies say to people and to the model, in zh and en. */
import { defineMessages } from '../../i18n/lang.js';

export const voiceMessages = defineMessages({
  zh: {
    transcript: (text: string) => `🎤 ${text}`,
    notTranscribed: (why: string) => `🎤 语音未能转成文字：${why}`,
    enableHint:
      '🎤 收到语音，已保存，但没有转成文字：在 config.json 里设置 media.transcription（base_url、model、api_key_env，任何 OpenAI 兼容的 /audio/transcriptions，如 SiliconFlow SenseVoice 或本机 whisper.cpp），见 docs/media.md。',
    /** What the model is told about a voice note it cannot hear. */
    voiceSaved: (path: string) =>
      `[用户发来一条语音，已保存到工作区：${path}；没有转成文字（未设置语音转文字）]`,
    voiceFailed: (path: string, why: string) =>
      `[用户发来一条语音，已保存到工作区：${path}；转文字失败：${why}]`,
    notConfigured: '未设置语音转文字（media.transcription）',
    busy: '同时待转写的语音太多，请稍后再发',
    notAudio: '文件不是能识别的音频',
    tooBig: (max: number) => `音频超过 ${max} 字节的上限`,
    tooLong: (seconds: number, max: number) =>
      `语音长 ${seconds} 秒，超过 ${max} 秒的上限（media.max_audio_s）`,
    unreadable: (detail: string) => `音频无法解码（${detail}）`,
    timedOut: (seconds: number) => `转换超过 ${seconds} 秒，已停止`,
    noFfmpeg: '本机没有 ffmpeg（Debian/Ubuntu：apt-get install ffmpeg）',
    empty: '语音里没有听出文字',
    serviceFailed: (detail: string) => `转写服务出错：${detail}`,
    speechFailed: (detail: string) => `语音合成出错：${detail}`,
  },
  en: {
    transcript: (text: string) => `🎤 ${text}`,
    notTranscribed: (why: string) => `🎤 The voice note was not transcribed: ${why}`,
    enableHint:
      '🎤 Voice note received and saved, but not transcribed: set media.transcription in config.json (base_url, model, api_key_env of any OpenAI-compatible /audio/transcriptions, e.g. SiliconFlow SenseVoice or a local whisper.cpp); see docs/media.md.',
    voiceSaved: (path: string) =>
      `[The user sent a voice note, saved in the workspace as: ${path}; it was not transcribed (speech-to-text is not set up)]`,
    voiceFailed: (path: string, why: string) =>
      `[The user sent a voice note, saved in the workspace as: ${path}; transcribing it failed: ${why}]`,
    notConfigured: 'speech-to-text is not set up (media.transcription)',
    busy: 'too many voice notes are waiting to be transcribed; send it again in a while',
    notAudio: 'the file is not audio this box can read',
    tooBig: (max: number) => `the audio is larger than the ${max}-byte limit`,
    tooLong: (seconds: number, max: number) =>
      `the voice note is ${seconds} s long, over the ${max} s limit (media.max_audio_s)`,
    unreadable: (detail: string) => `the audio could not be decoded (${detail})`,
    timedOut: (seconds: number) => `converting took over ${seconds} s and was stopped`,
    noFfmpeg: 'ffmpeg is not installed on this machine (Debian/Ubuntu: apt-get install ffmpeg)',
    empty: 'no words were heard in the voice note',
    serviceFailed: (detail: string) => `the transcription service failed: ${detail}`,
    speechFailed: (detail: string) => `speech synthesis failed: ${detail}`,
  },
});

export type VoiceMessages = ReturnType<typeof voiceMessages>;
