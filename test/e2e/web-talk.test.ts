/**
 * Press-to-talk in a real browser: chromium's fake microphone (browser.ts) records through the
 * page's MediaRecorder; held down, clicked on and off with the keyboard, and stopped by itself at
 * `media.max_audio_s`, the recording is uploaded, sent, converted by the real ffmpeg and
 * transcribed by a fake OpenAI-compatible server; the model gets the transcript and the page shows
 * "🎤 …" with the turn. A refused microphone is a toast; a browser without MediaRecorder shows no 🎤.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeAudioApi, startFakeAudioApi } from '../helpers/fake-audio-api.js';
import { type BoxPage, openBoxPage } from './box-page.js';
import { DESKTOP_ZH } from './browser.js';
import type { Box } from './fixture.js';

describe('web page: press-to-talk', () => {
  let web: BoxPage;
  let box: Box;
  let page: Page;
  let api: FakeAudioApi;

  beforeAll(async () => {
    api = await startFakeAudioApi();
    web = await openBoxPage();
    ({ box, page } = web);
    // Live: read with each voice note.
    box.app.config.media.transcription = {
      ...box.app.config.media.transcription,
      base_url: api.baseUrl,
      model: 'whisper-1',
      api_key_env: '',
    };
  });
  afterAll(async () => {
    await web?.close();
    await api?.close();
  });

  /** Waits for the answer to the voice note; returns what the model was sent. */
  async function answered(on: Page, transcript: string, answer: string): Promise<string> {
    await on.locator('.msg.assistant', { hasText: answer }).waitFor();
    await on.locator('.msg.assistant .note', { hasText: `🎤 ${transcript}` }).waitFor();
    const sent = api.transcriptions.at(-1);
    expect(sent?.file.subarray(0, 4).toString('latin1')).toBe('RIFF');
    return box.llm.requests.at(-1)?.body.messages.at(-1).content;
  }

  it('held down, it records until released, then the transcript is the message', async () => {
    api.script({ text: '明天八点提醒我开会' });
    box.llm.script({ text: '好的，已记下。' });
    const talk = page.locator('.btn.talk');
    await talk.hover();
    await page.mouse.down();
    await page.locator('.btn.talk.recording .talk-elapsed', { hasText: /^[1-9]/ }).waitFor();
    await page.mouse.up();
    expect(await answered(page, '明天八点提醒我开会', '好的，已记下。')).toBe('明天八点提醒我开会');
    expect(await page.locator('.btn.talk.recording').count()).toBe(0);
    await page.locator('.msg.user .file-chip', { hasText: /^🎤 voice-.+\.webm$/ }).waitFor();
  });

  it('with the keyboard: Enter starts, Enter stops and sends', async () => {
    api.script({ text: 'keyboard note' });
    box.llm.script({ text: 'Heard the keyboard.' });
    await page.locator('.btn.talk').focus();
    await page.keyboard.press('Enter');
    await page.locator('.btn.talk.recording .talk-elapsed', { hasText: /^[1-9]/ }).waitFor();
    await page.keyboard.press('Enter');
    expect(await answered(page, 'keyboard note', 'Heard the keyboard.')).toBe('keyboard note');
  });

  it('stops by itself at media.max_audio_s (read by the page from /api/status)', async () => {
    box.app.config.media.max_audio_s = 1;
    // Reloaded: the page reads the limit when it loads.
    await page.reload();
    await page.locator('.status[data-conn="open"]').waitFor();
    api.script({ text: 'one second' });
    box.llm.script({ text: 'Short one.' });
    await page.locator('.btn.talk').click(); // a click: recording goes on after the release
    await page.locator('.btn.talk.recording').waitFor();
    expect(await answered(page, 'one second', 'Short one.')).toBe('one second');
    box.app.config.media.max_audio_s = 120;
  });

  it('a refused microphone is a toast; without MediaRecorder there is no 🎤', async () => {
    const refused = await (await web.launched.newContext(DESKTOP_ZH)).newPage();
    // Strings: the tests' tsconfig has no DOM types.
    await refused.addInitScript(
      "navigator.mediaDevices.getUserMedia = () => Promise.reject(new DOMException('Permission denied', 'NotAllowedError'));",
    );
    await refused.goto(box.server.url);
    await refused.locator('.status[data-conn="open"]').waitFor();
    await refused.locator('.btn.talk').click();
    await refused.locator('.toast.error', { hasText: '麦克风被拒绝' }).waitFor();
    expect(await refused.locator('.btn.talk.recording').count()).toBe(0);

    const old = await (await web.launched.newContext(DESKTOP_ZH)).newPage();
    await old.addInitScript('delete window.MediaRecorder;');
    await old.goto(box.server.url);
    await old.locator('.status[data-conn="open"]').waitFor();
    expect(await old.locator('.btn.attach').count()).toBe(1);
    expect(await old.locator('.btn.talk').count()).toBe(0);
  });
});
