import fs from 'node:fs';
import path from 'node:path';

import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import * as contracts from './index';
import { INVOICE_DOCUMENTS, REFUND_DOCUMENTS, SETTLEMENT_DOCUMENTS } from './index';

/**
 * Generic code selects document kinds by their traits, never by name (issue 45): a new kind is its
 * definition, not an edit to every list that names the others. This reads every product source file
 * and fails where one names a kind outside the kind's definition.
 *
 * A kind's names: its labels, stream prefix, event names and prefix, paths, list table, series
 * setting and default prefix, and the identifiers contracts exports it and its schemas under.
 * Its definition: the file that defines it (`invoiceDocument({...})` and the like), the registry
 * that lists it (`contracts/src/kinds.ts`), and its own UI folder (`ui/src/features/<module>/<plural>/`).
 * Tests, e2e, test helpers and benches are not product code and are not read.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const PACKAGES = ['contracts', 'eventstore', 'http-kit', 'command-service', 'projections', 'query-service', 'server', 'ui'];
const KINDS = [...INVOICE_DOCUMENTS, ...SETTLEMENT_DOCUMENTS, ...REFUND_DOCUMENTS];

/**
 * Words that are a kind's name and mean something else where they stand, per file and word. The
 * GST portal's document types (GSTR-1 doc_issue, GSTR-2B and IMS sections, the ITC statement's
 * `bill | debit-note`) are `credit-note` and `debit-note` whatever our kinds are called; a
 * one-word label is also a plain word (an icon's name, the invoice a line settles, a section).
 */
const OTHER_VOCABULARY: Readonly<Record<string, readonly string[]>> = {
  'contracts/src/documents/invoice-kind.ts': ['credit-note', 'debit-note'],
  'contracts/src/documents/print.ts': ['INV'],
  'contracts/src/constants.ts': ['Receipt'],
  'contracts/src/modules.ts': ['Receipt'],
  'command-service/src/documents/invoice.decider.ts': ['Invoice'],
  'ui/src/features/documents/apply-credit.tsx': ['Invoice'],
  'ui/src/features/documents/note-config.ts': ['Invoice'],
  'ui/src/features/documents/settlement-lines.ts': ['Invoice'],
  'ui/src/features/documents/credit-actions.ts': ['Refund'],
  'ui/src/features/documents/invoice-form.ts': ['Payment'],
  'contracts/src/gst/gstr1.ts': ['credit-note'],
  'contracts/src/gst/gstr1-doc-issue.ts': ['credit-note'],
  'contracts/src/gst/gstr2b.ts': ['credit-note', 'debit-note'],
  'contracts/src/gst/gstr2b-file.ts': ['credit-note', 'debit-note'],
  'contracts/src/gst/gstr3b.ts': ['debit-note'],
  'contracts/src/gst/ims-upload.ts': ['credit-note', 'debit-note'],
  'contracts/src/gst/returns-schema.ts': ['debit-note'],
  'query-service/src/gst/itc.ts': ['debit-note'],
  'ui/src/features/gst/match-row.tsx': ['credit-note', 'Credit note', 'Debit note'],
  // The account type's label (assets, liabilities, …, expenses), not the expense kind.
  'ui/src/features/books/chart/chart-of-accounts.screen.tsx': ['Expense'],
};

/**
 * Offenders not mended yet (issue 45 item 1), with the trait that would mend them. Each must still
 * offend, so the list only shrinks.
 */
const NOT_YET: Readonly<Record<string, string>> = {
  // What may be recorded offline (a sale, a receipt, a customer): an `offline` trait. This table
  // is in the shell, which does not load the contracts' schemas (a cheap phone's first load).
  'ui/src/lib/offline-commands.ts': 'offline',
};

interface Names {
  /** Matched whole. */
  readonly exact: Set<string>;
  /** Matched as the start of a string: `/api/sales/invoices/`, `sales-invoice-`, `SalesInvoice` + a capital. */
  readonly prefixes: RegExp[];
  /** Identifiers imported from contracts, or used as property names (series settings). */
  readonly identifiers: Set<string>;
}

const escape = (text: string) => text.replace(/[-/\\^$*+?.()|[\]{}]/g, '\\$&');

const kindNames = (): Names => {
  const exact = new Set<string>();
  const prefixes: RegExp[] = [];
  const identifiers = new Set<string>();
  const exports = Object.entries(contracts);
  for (const kind of KINDS) {
    const { label, stream, path: route, listTable, events } = kind;
    const eventPrefix = events.names.recorded.replace(/Recorded$/, '');
    for (const name of [label, stream, route, listTable, eventPrefix, ...events.types]) exact.add(name);
    if ('numberLabel' in kind) exact.add(kind.numberLabel);
    if ('opening' in kind && kind.opening) exact.add(kind.opening.label).add(kind.opening.path);
    if ('settleNow' in kind && kind.settleNow) exact.add(kind.settleNow.label);
    if ('series' in kind && kind.series) {
      exact.add(kind.series.setting).add(kind.series.defaultPrefix).add(kind.series.label);
      identifiers.add(kind.series.setting);
    }
    prefixes.push(new RegExp(`^${escape(route)}/`), new RegExp(`^${escape(stream)}[-:]`), new RegExp(`^${eventPrefix}[A-Z]`));
    for (const [name, value] of exports) if (value === kind || name.startsWith(eventPrefix)) identifiers.add(name);
  }
  return { exact, prefixes, identifiers };
};

const isDefinition = (file: string) =>
  file === 'contracts/src/kinds.ts' ||
  KINDS.some((kind) => file.startsWith(`ui/src/features/${kind.module}/${kind.plural}/`)) ||
  /\b(invoiceDocument|settlementDocument|refundDocument)\(\{/.test(fs.readFileSync(path.join(ROOT, file), 'utf8'));

const productFiles = (dir: string): string[] =>
  fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const file = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return ['node_modules', 'dist', 'e2e', 'testing', 'fixtures'].includes(entry.name) ? [] : productFiles(file);
    return /\.tsx?$/.test(entry.name) && !/\.(spec|int\.spec|testing|d)\.tsx?$|\.spec\.tsx?$/.test(entry.name) ? [file] : [];
  });

/** Every kind name a file holds, as `line: name`. */
const offences = (file: string, names: Names): string[] => {
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const at = (node: ts.Node, name: string) => found.push(`${source.getLineAndCharacterOfPosition(node.getStart()).line + 1}: ${name}`);
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)) {
      const text = node.text;
      if (names.exact.has(text)) at(node, text);
      else if (names.prefixes.some((p) => p.test(text))) at(node, text);
    } else if (ts.isImportSpecifier(node) && names.identifiers.has((node.propertyName ?? node.name).text)) {
      at(node, (node.propertyName ?? node.name).text);
    } else if (ts.isIdentifier(node) && names.identifiers.has(node.text) && !ts.isImportSpecifier(node.parent) && /Prefix$/.test(node.text)) {
      at(node, node.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  const allowed = OTHER_VOCABULARY[file] ?? [];
  return found.filter((f) => !allowed.includes(f.slice(f.indexOf(': ') + 2)));
};

describe('kind names in generic code', () => {
  const names = kindNames();
  const files = PACKAGES.flatMap((pkg) => productFiles(`${pkg}/src`)).filter((file) => !isDefinition(file));
  const found = new Map(files.map((file) => [file, offences(file, names)] as const).filter(([, list]) => list.length > 0));

  it('guards every kind by its labels, streams, events, paths, tables and series', () => {
    expect(KINDS.length).toBeGreaterThanOrEqual(8);
    for (const kind of KINDS) expect(names.exact.has(kind.stream) && names.exact.has(kind.label)).toBe(true);
    expect(files.length).toBeGreaterThan(300);
  });

  it('no generic product file names a kind', () => {
    const unexpected = [...found].filter(([file]) => !(file in NOT_YET)).map(([file, list]) => `${file}\n  ${list.join('\n  ')}`);
    expect(unexpected, `Select these by a trait of the kind instead:\n${unexpected.join('\n')}`).toEqual([]);
  });

  it('the offenders not mended yet still offend (mended ones leave the list)', () => {
    expect(Object.keys(NOT_YET).filter((file) => !found.has(file))).toEqual([]);
  });
});
