import { z } from 'zod';

export const ModuleSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  subtitle: z.string(),
  icon: z.string(),
  color: z.string(),
  active: z.boolean(),
});
export type Module = z.infer<typeof ModuleSchema>;

export const TaskSchema = z.object({
  id: z.number().int(),
  moduleId: z.number().int(),
  name: z.string(),
  description: z.string(),
  icon: z.string(),
  active: z.boolean(),
});
export type Task = z.infer<typeof TaskSchema>;

/** The slug is the task name lowercased with whitespace runs replaced by hyphens (SEED-SPEC §2). */
export const taskSlug = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, '-');

type TaskDef = readonly [name: string, description: string, icon: string];
type ModuleDef = readonly [name: string, title: string, subtitle: string, icon: string, color: string, tasks: readonly TaskDef[]];

const CATALOGUE: readonly ModuleDef[] = [
  ['purchase', 'Purchase', 'Vendors, bills and payments', 'ShoppingCart', 'blue', [
    ['Vendors', 'Manage supplier information', 'Truck'],
    ['Invoices', 'Track purchase invoices', 'FileText'],
    ['Payments', 'Process vendor payments', 'CreditCard'],
    ['Debit Notes', 'Goods returned to vendors, prices they reduced', 'FileText'],
    ['Refunds', 'Money vendors paid back from your credit with them', 'Coins'],
    ['Purchase Orders', 'What you ordered from vendors, and what is left to bill', 'ClipboardList'],
    ['Expenses', 'Rent, electricity, transport and other costs, by category', 'Wallet'],
    ['Expense Payments', 'Pay expenses left unpaid, in part or in full', 'Banknote'],
  ]],
  ['sales', 'Sales', 'Customers, invoices and receipts', 'TrendingUp', 'green', [
    ['Customers', 'Manage customer database', 'Users'],
    ['Invoices', 'Manage customer invoices and billing', 'Receipt'],
    ['Receipts', 'Manage customer payments and receipts', 'Banknote'],
    ['Credit Notes', 'Goods returned by customers, prices reduced', 'FileText'],
    ['Refunds', 'Money paid back to customers from their credit', 'Coins'],
    ['Estimates', 'Quotations for customers, valid until a day', 'FileText'],
    ['Sale Orders', 'What customers ordered, and what is left to invoice', 'ClipboardList'],
    ['Delivery Challans', 'Goods sent without a sale (job work, on approval), and what is left to invoice', 'Truck'],
  ]],
  ['inventory', 'Inventory', 'Items, stock and valuation', 'Package', 'purple', [
    ['Items', 'Product catalog', 'Box'],
    ['Stock Adjustments', 'Manage stock in and stock out adjustments', 'ArrowLeftRight'],
    ['Inventory', 'Complete inventory overview and stock analysis', 'ClipboardList'],
  ]],
  ['hr', 'HR', 'Employees and payroll', 'UserCheck', 'orange', [
    ['Employees', 'Employee profiles', 'Users'],
    ['Payroll', 'Monthly salaries: run, mark paid, payslips', 'Wallet'],
    ['Payroll Register', "A month's salaries with the totals", 'ClipboardList'],
  ]],
  ['crm', 'CRM', 'Leads and follow-ups', 'Handshake', 'pink', [
    ['Leads', 'Prospect management', 'UserPlus'],
    ['Follow-ups', 'Calls, visits and meetings due today and overdue', 'Phone'],
  ]],
  ['accounting', 'Accounting', 'Ledgers and journal', 'Calculator', 'indigo', [
    ['Ledgers', 'Chart of accounts with balances, and each ledger\'s entries', 'Book'],
    ['Chart of Accounts', 'Add ledgers: bank accounts, expenses, loans', 'FolderOpen'],
    ['Day Book', 'Every entry of a day or a period', 'ClipboardList'],
    ['Opening Balances', 'What you had when your books begin, and whether it balances', 'Scale'],
    ['Journal Vouchers', 'Corrections, contra entries, capital brought in', 'Edit3'],
    ['Trial Balance', 'Balances of every ledger as of a date', 'Scale'],
  ]],
  ['payments', 'Payments', 'Money in and out', 'Wallet', 'teal', [
    ['Cash Book', 'Cash in and out, with the balance in hand', 'Coins'],
  ]],
  ['banking', 'Banking', 'Bank accounts and reconciliation', 'Building2', 'yellow', [
    ['Bank Book', 'Money through the bank', 'Banknote'],
    ['Bank Reconciliation', 'Import the statement, match it to the books', 'CheckCheck'],
  ]],
  ['reports', 'Reports', 'Business insights', 'BarChart3', 'orange', [
    ['Profit and Loss', 'Income and expenses for a period', 'LineChart'],
    ['Balance Sheet', 'What the business owns and owes as of a date', 'PieChart'],
    ['Statements', 'A customer\'s or vendor\'s account for a period', 'FileText'],
    ['Sales Register', 'Every sales invoice and credit note of a period, with its tax', 'Receipt'],
    ['Purchase Register', 'Every purchase invoice and debit note of a period, with its tax', 'FileText'],
    ['Ageing', 'Who owes what, and for how long past due', 'Calculator'],
    ['Debtors and Creditors', 'Each party\'s balance as of a date; small suppliers unpaid over 45 days', 'Calculator'],
    ['GST Returns', 'GSTR-1 for the portal and the GSTR-3B figures', 'Receipt'],
    ['Match GSTR-2B', 'Purchase bills against the suppliers\' returns; IMS actions', 'CheckCheck'],
    ['GSTR-3B', 'The monthly return from the books: tax to pay in cash, the JSON for the portal', 'Receipt'],
    ['GST Tie-out', 'Books beside GSTR-1 and GSTR-3B before you file', 'CheckCheck'],
    ['Filed Returns', 'Mark a month filed; what you filed beside the return now, and the amendments', 'CheckCheck'],
  ]],
];

export const MODULES: readonly Module[] = CATALOGUE.map(([name, title, subtitle, icon, color], i) => ({
  id: i + 1, name, title, subtitle, icon, color, active: true,
}));

export const TASKS: readonly Task[] = CATALOGUE.flatMap(([, , , , , tasks]) => tasks).map(
  (task, i) => ({
    id: i + 1,
    moduleId: moduleIdOfTask(i),
    name: task[0],
    description: task[1],
    icon: task[2],
    active: true,
  }),
);

function moduleIdOfTask(taskIndex: number): number {
  let seen = 0;
  for (let m = 0; m < CATALOGUE.length; m++) {
    seen += CATALOGUE[m]![5].length;
    if (taskIndex < seen) return m + 1;
  }
  return 0;
}

export const findModule = (name: string): Module | undefined => MODULES.find((m) => m.name === name);
export const tasksOf = (name: string): Task[] => {
  const module = findModule(name);
  return module ? TASKS.filter((t) => t.moduleId === module.id) : [];
};
