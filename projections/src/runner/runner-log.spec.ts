import { describe, expect, it } from 'vitest';

import type { ProjectionLog } from './log';
import { catchUpLog, failureLog, leadershipLog } from './runner-log';

/** A log that keeps its lines, to read them back. */
const keptLog = () => {
  const lines: { level: string; message: string; fields: Record<string, unknown> }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) => void lines.push({ level, message, fields });
  const log: ProjectionLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, lines, said: () => lines.map((l) => `${l.message}${l.fields.projection ? ` ${String(l.fields.projection)}` : ''}`) };
};

describe('leadership lines', () => {
  it('says won once, lost only after another worker held the row for a whole second, and won again', () => {
    const { log, said } = keptLog();
    const round = leadershipLog(['a', 'b'], log, 1000);
    round(['a', 'b'], 0);
    round(['a'], 500); // b held by another worker for one batch: no change yet
    round(['a', 'b'], 600);
    round(['a'], 700);
    round(['a'], 1699);
    round(['a'], 1700);
    round(['a'], 2500);
    round(['a', 'b'], 3000);
    expect(said()).toEqual(['projection leader won a', 'projection leader won b', 'projection leader lost b', 'projection leader won b']);
  });

  it('a worker that never got the row says another worker leads it', () => {
    const { log, said } = keptLog();
    const round = leadershipLog(['a'], log, 1000);
    round([], 0);
    round([], 1000);
    expect(said()).toEqual(['projection led by another worker a']);
  });
});

describe('catch-up lines', () => {
  it('says caught up at start and after a run of full pages, not after single small batches', () => {
    const { log, lines } = keptLog();
    const batch = catchUpLog(log);
    batch(1000, true, '1000');
    batch(200, false, '1200');
    batch(3, false, '1203');
    batch(0, false, null);
    batch(1000, true, '2203');
    batch(0, false, null);
    expect(lines.map((l) => [l.message, l.fields.events, l.fields.position])).toEqual([
      ['projections caught up', 1200, '1200'],
      ['projections caught up', 1000, '2203'],
    ]);
  });
});

describe('failure lines', () => {
  it('says the first failure, every 20th retry, and the recovery', () => {
    const { log, lines } = keptLog();
    const failures = failureLog(log);
    for (let i = 0; i < 25; i++) failures.failed(['vendor_list'], new Error('down'));
    failures.succeeded();
    failures.succeeded();
    expect(lines.map((l) => [l.level, l.message, l.fields.failures])).toEqual([
      ['error', 'projection batch failed; retrying', 1],
      ['error', 'projection batch failed; retrying', 21],
      ['info', 'projection batches run again', 25],
    ]);
    expect(lines[0]!.fields.projections).toEqual(['vendor_list']);
  });
});
