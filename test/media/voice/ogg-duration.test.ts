/** The length of Ogg Opus from its pages; nothing for what is not Ogg Opus. */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { oggOpusMs } from '../../../src/media/voice/ogg-duration.js';
import { encodeTone } from './voice-fixtures.js';

describe('oggOpusMs', () => {
  it('reads 2.5 s from a 2.5 s note, and nothing from other bytes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'aibox-ogg-'));
    try {
      const ogg = readFileSync(encodeTone(dir, 'n.ogg', 'ogg-opus', 2.5));
      expect(oggOpusMs(ogg)).toBe(2500);
      expect(oggOpusMs(ogg.subarray(0, 30))).toBeUndefined();
      expect(oggOpusMs(Buffer.from('ID3 not ogg at all, long enough to have a header here'))).toBeUndefined();
      const vorbis = Buffer.from(ogg);
      vorbis.write('OpusTags', 28 + (vorbis[26] ?? 0) - 1, 'latin1'); // break the OpusHead
      expect(oggOpusMs(vorbis)).toBeUndefined();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
