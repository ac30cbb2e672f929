/** DingTalk voice messages: DingTalk's own transcript when it has one, else the file to hear. */
import { describe, expect, it } from 'vitest';
import { parseRobotMessage } from '../../../src/channels/dingtalk/dingtalk-inbound.js';

const audio = (content: Record<string, unknown>) =>
  JSON.stringify({
    msgId: 'm1',
    conversationId: 'c1',
    conversationType: '1',
    senderId: 's1',
    senderStaffId: 'staff1',
    sessionWebhook: 'https://oapi.dingtalk.com/robot/sendBySession?session=x',
    robotCode: 'robot',
    msgtype: 'audio',
    content,
  });

describe('DingTalk audio messages', () => {
  const downloads: string[] = [];
  const download = async (code: string) => {
    downloads.push(code);
    return new Uint8Array([1]);
  };

  it('take DingTalk’s recognition as the text, with no file', () => {
    const { inbound } = parseRobotMessage(
      audio({ downloadCode: 'dc1', duration: 3000, recognition: '明天开会' }),
      download,
    );
    expect(inbound?.text).toBe('明天开会');
    expect(inbound?.files).toEqual([]);
  });

  it('without a recognition hand over the voice file, fetched by its download code', async () => {
    const { inbound } = parseRobotMessage(audio({ downloadCode: 'dc2', duration: 3000 }), download);
    expect(inbound?.text).toBe('');
    expect(inbound?.files.map((f) => f.name)).toEqual(['voice-m1']);
    await inbound?.files[0]?.download(1024);
    expect(downloads).toEqual(['dc2']);
  });
});
