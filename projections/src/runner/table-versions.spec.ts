import { readFileSync, writeFileSync } from 'node:fs';

import { describe, expect, it } from 'vitest';

import { PROJECTIONS } from '../index';

/**
 * A read model's tables are made by its version: a deployment whose tables were made by an older
 * version of the same columns is rebuilt only when the version moves. A column added without a
 * bump (a new kind's series prefix in the business profile) stops every app with data at start,
 * so this holds each projection's columns to the version they were recorded with. After a bump,
 * record the new columns: `WRITE_TABLE_VERSIONS=1 npx vitest run projections/src/runner/table-versions.spec.ts`.
 */
const FILE = new URL('./table-versions.json', import.meta.url);
type Recorded = Record<string, { version: number; columns: string[] }>;

const current: Recorded = Object.fromEntries(
  PROJECTIONS.map((p) => [p.name, { version: p.version, columns: p.tables.flatMap((t) => Object.entries(t.columns).map(([name, kind]) => `${t.name}.${name}:${String(kind)}`)).sort() }]),
);

describe('read-model tables and their versions', () => {
  if (process.env.WRITE_TABLE_VERSIONS && !process.env.CI) writeFileSync(FILE, `${JSON.stringify(current, null, 2)}\n`);
  const recorded = JSON.parse(readFileSync(FILE, 'utf8')) as Recorded;

  it('no projection changes its columns without moving its version', () => {
    const unbumped = Object.entries(current)
      .filter(([name, now]) => recorded[name] && now.version === recorded[name].version && JSON.stringify(now.columns) !== JSON.stringify(recorded[name].columns))
      .map(([name]) => name);
    expect(unbumped, 'bump these projections\' versions: their tables changed').toEqual([]);
  });

  it('the record is current (write it after a bump)', () => {
    expect(current).toEqual(recorded);
  });
});
