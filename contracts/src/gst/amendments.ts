import { z } from 'zod';

/**
 * What changed in a month's GSTR-1 since it was filed, as the rows that report it (issue 44
 * item 4). Where they go (CGST Rules 59(4A) and 59(1), GSTN's GSTR-1A advisory of July 2024):
 * - while the month's GSTR-3B is not filed, in its GSTR-1A: the same tables as GSTR-1, a changed
 *   row amended in place, a missed one added;
 * - after, in the next GSTR-1 the business files (s.37(3)): a changed invoice in b2ba or b2cla, a
 *   changed note in cdnra or cdnura, a month's B2C (others) summary in b2csa; a missed invoice or
 *   note in its own table, with its own date.
 * Every row shows the original (as filed; null when it was not reported) and the amended one
 * (null when it is no longer there).
 */
export type AmendmentPlace = { readonly return: 'GSTR-1A'; readonly period: string } | { readonly return: 'GSTR-1'; readonly period: string };

export type AmendedSection = 'b2b' | 'b2cl' | 'b2cs' | 'cdnr' | 'cdnur';

export interface AmendmentRow {
  /** The table of the return it is reported in: b2b, b2ba, b2csa, cdnr, cdnra… */
  readonly table: string;
  /** The GSTR-1 section of the filed month it changes. */
  readonly section: AmendedSection;
  /** What identifies the row: the buyer's GSTIN and invoice number, the state and rate of a B2C summary. */
  readonly key: string;
  readonly original: Readonly<Record<string, unknown>> | null;
  readonly amended: Readonly<Record<string, unknown>> | null;
}

/**
 * What amendments compare of a GSTR-1 (a `Gstr1Json` is one): each amended section's rows, with
 * the fields that identify them.
 */
export interface Gstr1Sections {
  readonly b2b: readonly { readonly ctin: string; readonly inv: readonly { readonly inum: string }[] }[];
  readonly b2cl: readonly { readonly pos: string; readonly inv: readonly { readonly inum: string }[] }[];
  readonly b2cs: readonly { readonly sply_ty: string; readonly pos: string; readonly rt: number }[];
  readonly cdnr: readonly { readonly ctin: string; readonly nt: readonly { readonly nt_num: string }[] }[];
  readonly cdnur: readonly { readonly nt_num: string }[];
}

/** A section's rows: the fields that identify a row checked, the rest kept as they are. */
const rows = <S extends z.ZodRawShape>(key: S) => z.array(z.looseObject(key));
/** `Gstr1Sections` parsed from a filing's stored copy (jsonb) as it is read back. */
export const Gstr1SectionsSchema: z.ZodType<Gstr1Sections> = z.object({
  b2b: z.array(z.object({ ctin: z.string(), inv: rows({ inum: z.string() }) })),
  b2cl: z.array(z.object({ pos: z.string(), inv: rows({ inum: z.string() }) })),
  b2cs: rows({ sply_ty: z.string(), pos: z.string(), rt: z.number() }),
  cdnr: z.array(z.object({ ctin: z.string(), nt: rows({ nt_num: z.string() }) })),
  cdnur: rows({ nt_num: z.string() }),
});

type Keyed = ReadonlyMap<string, Readonly<Record<string, unknown>>>;

/** Each section's rows by key; a row keeps its group's key field (ctin, pos) so it reads whole. */
const rowsOf = (json: Gstr1Sections): Record<AmendedSection, Keyed> => ({
  b2b: new Map(json.b2b.flatMap((g) => g.inv.map((i) => [`${g.ctin} ${i.inum}`, { ctin: g.ctin, ...i }] as const))),
  b2cl: new Map(json.b2cl.flatMap((g) => g.inv.map((i) => [`${g.pos} ${i.inum}`, { pos: g.pos, ...i }] as const))),
  b2cs: new Map(json.b2cs.map((r) => [`${r.sply_ty} ${r.pos} ${r.rt}%`, { ...r }] as const)),
  cdnr: new Map(json.cdnr.flatMap((g) => g.nt.map((n) => [`${g.ctin} ${n.nt_num}`, { ctin: g.ctin, ...n }] as const))),
  cdnur: new Map(json.cdnur.map((n) => [n.nt_num, { ...n }] as const)),
});

const SECTIONS: readonly AmendedSection[] = ['b2b', 'b2cl', 'b2cs', 'cdnr', 'cdnur'];
/** Every section's amendment table is its name and 'a' (b2b → b2ba), as the portal names them. */
const amendedTable = (section: AmendedSection) => `${section}a`;

/** Entries in the order of their keys (as `Object.keys(…).sort()`). */
const byKey = ([a]: [string, unknown], [b]: [string, unknown]) => (a < b ? -1 : a > b ? 1 : 0);

/** Same content whatever the key order (the copy went through JSON, the live row did not). */
const canonical = (value: unknown): string =>
  Array.isArray(value)
    ? `[${value.map(canonical).join(',')}]`
    : value !== null && typeof value === 'object'
      ? `{${Object.entries(value).sort(byKey).map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`
      : JSON.stringify(value);

const tableFor = (section: AmendedSection, place: AmendmentPlace, wasFiled: boolean) => {
  if (place.return === 'GSTR-1A') return section;
  // A month's B2C summary is amended as a summary; a missed invoice or note carries its own date.
  return wasFiled || section === 'b2cs' ? amendedTable(section) : section;
};

/** The rows that report what changed between the filed GSTR-1 and the month's GSTR-1 now, in `place`. */
export const gstr1Amendments = (filed: Gstr1Sections, now: Gstr1Sections, place: AmendmentPlace): AmendmentRow[] => {
  const before = rowsOf(filed);
  const after = rowsOf(now);
  const rows: AmendmentRow[] = [];
  for (const section of SECTIONS) {
    const keys = [...new Set([...before[section].keys(), ...after[section].keys()])].sort();
    for (const key of keys) {
      const original = before[section].get(key) ?? null;
      const amended = after[section].get(key) ?? null;
      if (original && amended && canonical(original) === canonical(amended)) continue;
      rows.push({ table: tableFor(section, place, original !== null), section, key, original, amended });
    }
  }
  return rows;
};

/**
 * Where a change to a filed month goes: its GSTR-1A while its GSTR-3B is not filed (Rule
 * 59(4A)), else the first GSTR-1 after it that is not filed yet.
 */
export const amendmentPlace = (period: string, gstr3bFiled: boolean, firstUnfiledGstr1After: string): AmendmentPlace =>
  gstr3bFiled ? { return: 'GSTR-1', period: firstUnfiledGstr1After } : { return: 'GSTR-1A', period };
