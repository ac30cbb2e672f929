import { describe, expect, it } from 'vitest';
import { safeFileName } from '../../../src/channels/bridge/save-chat-files.js';

describe('safeFileName', () => {
  it('removes path parts and leading dots but keeps Chinese', () => {
    expect(safeFileName('../../etc/passwd')).not.toContain('/');
    expect(safeFileName('.bashrc')).toBe('bashrc');
    expect(safeFileName('报表.xlsx')).toBe('报表.xlsx');
    expect(safeFileName('')).toBe('file');
  });
});
