import { describe, expect, it } from 'vitest';

import { backupFileName, backupsToDelete, backupTime } from './backup-schedule';

describe('backup names and retention', () => {
  it('names a backup by its UTC date-time, and reads the time back', () => {
    const at = new Date('2026-03-01T02:30:09.456Z');
    expect(backupFileName(at)).toBe('erp-backup-2026-03-01T02-30-09Z.ndjson.gz');
    expect(backupTime(backupFileName(at))).toBe(Date.parse('2026-03-01T02:30:09Z'));
    expect(backupTime('erp-backup-2026-03-01T02-30-09Z.ndjson.gz.123.tmp')).toBeNull();
    expect(backupTime('notes.txt')).toBeNull();
  });

  it('keeps the newest N backups and never touches other files', () => {
    const days = Array.from({ length: 16 }, (_, i) => backupFileName(new Date(Date.UTC(2026, 0, i + 1, 3))));
    const shuffled = [...days.slice(8), 'notes.txt', ...days.slice(0, 8), `${days[0]}.9.tmp`];
    expect(backupsToDelete(shuffled, 14)).toEqual(days.slice(0, 2));
    expect(backupsToDelete(shuffled, 16)).toEqual([]);
    expect(backupsToDelete(shuffled, 1)).toEqual(days.slice(0, 15));
    expect(backupsToDelete([], 14)).toEqual([]);
  });
});
