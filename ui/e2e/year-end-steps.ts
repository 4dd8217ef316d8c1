import { mkdirSync, rmSync, statSync } from 'node:fs';

import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

import { E2E_DATA_DIR, expectToast } from './support';

/**
 * What the year-end journey (year-end.e2e.ts) needs besides its steps: a tap counter, money in
 * paise, the balance sheet's and P&L's figures read over the API, and a lock on the books shared
 * with the other journeys that lock them or write into old years (the lock is the server's).
 */

/** Taps per step: a click, tap, choice in a list or tick is a tap; typing into a field is not. */
export class Taps {
  readonly rows: { step: string; taps: number; typed: number; screens: number }[] = [];
  constructor(private readonly page: Page, private readonly touch: boolean) {}
  private get row() {
    const row = this.rows.at(-1);
    if (!row) throw new Error('Taps: begin a step first');
    return row;
  }
  step(name: string) {
    this.rows.push({ step: name, taps: 0, typed: 0, screens: 0 });
  }
  /** Where the step's counts stand, to go back to when a try is made again (the owner makes one). */
  mark() {
    return { ...this.row };
  }
  rewind(to: { taps: number; typed: number; screens: number }) {
    Object.assign(this.row, { taps: to.taps, typed: to.typed, screens: to.screens });
  }
  /** Opening a screen: the owner's way there is the menu, counted apart from the taps on it. */
  async open(path: string) {
    this.row.screens += 1;
    await this.page.goto(path);
  }
  async tap(target: Locator) {
    this.row.taps += 1;
    if (this.touch) await target.tap();
    else await target.click();
  }
  async choose(target: Locator, option: string | { label: string }) {
    this.row.taps += 1;
    await target.selectOption(option);
  }
  /** Choosing a file: one tap on the field (the picker's own taps are the phone's). */
  async upload(target: Locator, file: { name: string; mimeType: string; buffer: Buffer }) {
    this.row.taps += 1;
    await target.setInputFiles(file);
  }
  async type(target: Locator, text: string) {
    this.row.typed += 1;
    await target.fill(text);
  }
  /** The table, on the console and in the report; each step's taps at most its bound. */
  report(info: TestInfo, bounds: Record<string, number>) {
    const lines = this.rows.map((r) => `${r.step.padEnd(34)} ${String(r.taps).padStart(4)} ${String(r.typed).padStart(6)} ${String(r.screens).padStart(7)}`);
    const total = this.rows.reduce((sum, r) => sum + r.taps, 0);
    const table = [`${'step'.padEnd(34)} taps  typed screens`, ...lines, `${'total'.padEnd(34)} ${String(total).padStart(4)}`].join('\n');
    console.log(`Year-end taps (${info.project.name}):\n${table}`);
    info.annotations.push({ type: 'taps', description: table });
    for (const r of this.rows) expect(r.taps, `taps for "${r.step}"`).toBeLessThanOrEqual(bounds[r.step] ?? 0);
  }
}

/** Money text → paise, exactly ('-1,234.50' → -123450). */
export const paiseOf = (money: string | number) => {
  const text = String(money).replace(/[₹,]/g, '');
  const [whole = '0', fraction = '00'] = text.replace('-', '').split('.');
  return (text.startsWith('-') ? -1 : 1) * (Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)));
};
export const rupees = (paise: number) => `${paise < 0 ? '-' : ''}${Math.floor(Math.abs(paise) / 100)}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;
/** As the screens write money: ₹11,333.87. */
export const shown = (paise: number) => `${paise < 0 ? '-' : ''}₹${Math.floor(Math.abs(paise) / 100).toLocaleString('en-IN')}.${String(Math.abs(paise) % 100).padStart(2, '0')}`;

/** Read only: the balance sheet as of a day (its past years' profit and this year's), in paise. */
export async function balanceSheet(page: Page, asOf: string) {
  const res = await page.request.get(`/api/reports/balance-sheet?asOf=${asOf}`);
  expect(res.status(), await res.text()).toBe(200);
  const bs = (await res.json()) as { retainedEarnings: string; profit: string };
  return { retained: paiseOf(bs.retainedEarnings), profit: paiseOf(bs.profit) };
}

/** Read only: the net profit of a period, in paise. */
export async function netProfit(page: Page, from: string, to: string) {
  const res = await page.request.get(`/api/reports/profit-and-loss?from=${from}&to=${to}`);
  expect(res.status(), await res.text()).toBe(200);
  return paiseOf(((await res.json()) as { netProfit: string }).netProfit);
}

/**
 * The server has one lock on the books: a journey that locks them, or writes into a year another
 * may lock, holds this (a folder made atomically) while it does. A holder that died leaves it
 * behind; after five minutes it is taken over.
 */
const BOOKS_LOCK = `${E2E_DATA_DIR}-books-lock`;
export async function takeTheBooks() {
  for (;;) {
    try {
      mkdirSync(BOOKS_LOCK);
      return;
    } catch {
      try {
        if (Date.now() - statSync(BOOKS_LOCK).mtimeMs > 300_000) rmSync(BOOKS_LOCK, { recursive: true, force: true });
      } catch {
        // Released meanwhile: try again.
      }
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}
export const releaseTheBooks = () => rmSync(BOOKS_LOCK, { recursive: true, force: true });
export async function holdingTheBooks<T>(work: () => Promise<T>): Promise<T> {
  await takeTheBooks();
  try {
    return await work();
  } finally {
    releaseTheBooks();
  }
}

/** A sales invoice of one line typed on the form; `refused` is the message a refusal shows. */
export async function sell(taps: Taps, page: Page, sale: { customer: string; number: string; date: string; item: string; quantity: string; rate: string }, refused?: string) {
  await taps.open('/module/sales/task/invoices');
  await taps.tap(page.getByRole('button', { name: 'New Invoice' }));
  await taps.choose(page.getByLabel('Customer'), { label: sale.customer });
  await taps.type(page.getByLabel('Invoice Number'), sale.number);
  await taps.type(page.getByLabel('Invoice Date'), sale.date);
  const line = page.getByRole('group', { name: 'Line 1' });
  await taps.type(line.getByLabel('Item Name'), sale.item);
  await taps.type(line.getByLabel('Quantity'), sale.quantity);
  await taps.type(line.getByLabel('Rate'), sale.rate);
  await taps.tap(line.getByRole('button', { name: 'Save Line' }));
  await taps.tap(page.getByRole('button', { name: 'Create Invoice' }));
  if (refused) {
    await expectToast(page, 'Error', `Failed to create sales invoice: ${refused}`);
    await expect(page.getByLabel('Invoice Date')).toHaveValue(sale.date);
  } else {
    await expectToast(page, 'Success', 'Sales invoice created successfully');
  }
}

/** Customers, vendors and employees: the list's add button, the form, its create button. */
export async function addParty(taps: Taps, page: Page, path: string, add: string, fields: Record<string, string>, create: string) {
  await taps.open(path);
  await taps.tap(page.getByRole('button', { name: add }));
  for (const [label, value] of Object.entries(fields)) await taps.type(page.getByLabel(label), value);
  await taps.tap(page.getByRole('button', { name: create }));
  await expectToast(page, 'Success', `${create.replace('Create ', '')} created successfully`);
}
