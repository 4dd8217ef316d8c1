import { gstinCheckCharacter } from '../validators';

/** A valid GSTIN (its check character computed), for samples. */
export const SAMPLE_GSTIN = `27ABCDE1234F1Z${gstinCheckCharacter('27ABCDE1234F1Z')}`;

export interface MasterDataSample {
  /** A valid API body; `token` makes names and codes unique per call. */
  readonly body: (token: string) => Record<string, unknown>;
  /** One field to change in a PUT, and its new value. */
  readonly change: { readonly field: string; readonly value: unknown };
  /** The fields that are required, with the message a missing one gets. */
  readonly required: Readonly<Record<string, string>>;
  /** Bad values of this entity's field kinds and the message each gets on its field. */
  readonly invalid: readonly { readonly field: string; readonly value: unknown; readonly message: string }[];
}

/**
 * One sample per master-data entity, by plural (SEED-SPEC §3 fields, DESIGN §2 shapes). The
 * decider specs and the HTTP contract suite run over these, so every entity gets every test.
 */
export const MASTER_DATA_SAMPLES: Readonly<Record<string, MasterDataSample>> = {
  vendors: {
    body: (token) => ({
      name: `Sharma Traders ${token}`,
      contactPerson: 'Asha Rao',
      phone: '+91 98765 43210',
      email: 'accounts@sharma.example',
      address: '12 MG Road, Pune',
      gstNumber: SAMPLE_GSTIN,
      panNumber: 'abcde1234f',
      paymentTerms: 'Net 30',
      active: true,
    }),
    change: { field: 'phone', value: '+91 90000 00001' },
    required: { name: 'Required' },
    invalid: [
      { field: 'email', value: 'not-an-email', message: 'Invalid email address' },
      { field: 'gstNumber', value: `${SAMPLE_GSTIN.slice(0, 14)}${SAMPLE_GSTIN.endsWith('0') ? '1' : '0'}`, message: 'GST number check digit does not match' },
      { field: 'panNumber', value: 'ABC12', message: 'PAN must be 10 characters, like ABCDE1234F' },
    ],
  },
  customers: {
    body: (token) => ({
      name: `Mehta Stores ${token}`,
      contactPerson: 'Vikram Mehta',
      phone: '+91 91234 56789',
      email: 'vikram@mehta.example',
      address: '4 Station Road, Surat',
      gstNumber: SAMPLE_GSTIN,
      panNumber: 'ABCDE1234F',
      paymentTerms: '15 days',
      creditLimit: '50000',
      active: true,
    }),
    change: { field: 'creditLimit', value: 75000.5 },
    required: { name: 'Required' },
    invalid: [
      { field: 'creditLimit', value: '-5', message: 'Amount cannot be below 0' },
      { field: 'creditLimit', value: '10.005', message: 'Amount can have at most 2 decimal places' },
      { field: 'creditLimit', value: 'lots', message: 'Amount must be a number' },
      { field: 'email', value: 'x@', message: 'Invalid email address' },
    ],
  },
  items: {
    body: (token) => ({
      name: `Basmati Rice ${token}`,
      unit: 'KG',
      description: 'Aged, 25 kg bags',
      sellingPrice: 120.5,
      costPrice: '99.99',
      hsnCode: '1006',
      taxRate: '5',
      reorderLevel: '25',
      active: true,
    }),
    change: { field: 'sellingPrice', value: '125.00' },
    required: { name: 'Required', unit: 'Please select a unit' },
    invalid: [
      { field: 'unit', value: 'TONNE', message: 'Please select a unit' },
      { field: 'hsnCode', value: '123', message: 'HSN code must be 4, 6 or 8 digits' },
      { field: 'taxRate', value: '101', message: 'Rate cannot be above 100' },
      { field: 'reorderLevel', value: '2.5', message: 'Reorder level must be a whole number' },
      { field: 'costPrice', value: '1e3', message: 'Amount must be a number' },
    ],
  },
  employees: {
    body: (token) => ({
      employeeId: `E-${token}`,
      name: `Meera Iyer ${token}`,
      email: 'meera@shop.example',
      phone: '+91 99887 76655',
      designation: 'Accountant',
      department: 'Accounts',
      dateOfJoining: '2024-04-01',
      salary: '45000',
      panNumber: 'ABCDE1234F',
      bankAccount: '001234567890',
      active: true,
    }),
    change: { field: 'designation', value: 'Senior Accountant' },
    required: { employeeId: 'Required', name: 'Required' },
    invalid: [
      { field: 'dateOfJoining', value: '2024-02-30', message: 'Enter a date as YYYY-MM-DD' },
      { field: 'salary', value: '10.001', message: 'Amount can have at most 2 decimal places' },
      { field: 'employeeId', value: 'E 42', message: 'Use letters, digits, and - _ / . only' },
    ],
  },
  leads: {
    body: (token) => ({
      name: `Ravi Kumar ${token}`,
      company: 'Kumar Textiles',
      phone: '+91 98111 22233',
      email: 'ravi@kumar.example',
      source: 'Referral',
      assignedTo: 'Asha',
      notes: 'Wants a quote for 200 shirts',
      followUpDate: '2026-12-01',
      active: true,
    }),
    change: { field: 'status', value: 'contacted' },
    required: { name: 'Required' },
    invalid: [
      { field: 'status', value: 'won', message: 'Please select a status from the list' },
      { field: 'source', value: 'Billboard', message: 'Please select a source from the list' },
      { field: 'followUpDate', value: '01/12/2026', message: 'Enter a date as YYYY-MM-DD' },
    ],
  },
  'stock-adjustments': {
    body: (token) => ({
      itemId: 1,
      adjustmentDate: '2026-11-20',
      adjustmentType: 'increase',
      quantity: '12.5',
      unitCost: '42.50',
      reason: 'Opening Stock',
      notes: `Counted ${token}`,
      active: true,
    }),
    change: { field: 'quantity', value: 10 },
    required: { itemId: 'Please select an item', adjustmentType: 'Please select adjustment type', quantity: 'Quantity is required', reason: 'Reason is required' },
    invalid: [
      { field: 'quantity', value: '0', message: 'Quantity must be more than 0' },
      { field: 'quantity', value: '1.005', message: 'Quantity can have at most 2 decimal places' },
      { field: 'adjustmentType', value: 'sideways', message: 'Please select adjustment type' },
      { field: 'adjustmentDate', value: '2026-13-01', message: 'Enter a date as YYYY-MM-DD' },
    ],
  },
  ledgers: {
    body: (token) => ({
      accountName: `Electricity ${token}`,
      accountType: 'expense',
      accountGroup: 'Indirect Expenses',
      openingBalance: '1250.50',
      active: true,
    }),
    change: { field: 'accountName', value: 'Electricity and water' },
    required: { accountName: 'Account name is required', accountType: 'Please select account type' },
    invalid: [
      { field: 'accountType', value: 'revenue', message: 'Please select account type' },
      { field: 'accountGroup', value: 'Misc', message: 'Please select a group from the list' },
      { field: 'openingBalance', value: '-5', message: 'Amount cannot be below 0' },
    ],
  },
  payroll: {
    // One payroll per employee per month: each token its own month of its own year.
    body: (token) => {
      const hash = [...token].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 1200, 7);
      return { employeeId: 1, month: (hash % 12) + 1, year: 2000 + Math.floor(hash / 12), basicSalary: '30000', allowances: '2500.50', deductions: '1800', status: 'pending', notes: `Run ${token}`, active: true };
    },
    change: { field: 'notes', value: 'Overtime included' },
    required: { employeeId: 'Please select an employee', month: 'Month is required', year: 'Year is required' },
    invalid: [
      { field: 'month', value: 13, message: 'Month cannot be above 12' },
      { field: 'year', value: '1999', message: 'Year cannot be below 2000' },
      { field: 'allowances', value: '1.001', message: 'Amount can have at most 2 decimal places' },
      { field: 'status', value: 'void', message: 'Please select a status from the list' },
    ],
  },
  'follow-ups': {
    body: (token) => ({
      leadId: 1,
      customerId: null,
      followUpDate: '2026-11-25',
      followUpType: 'call',
      status: 'pending',
      notes: `Call about the quote ${token}`,
      outcome: null,
      nextFollowUp: null,
      active: true,
    }),
    change: { field: 'status', value: 'done' },
    required: { followUpType: 'Please select a follow-up type' },
    invalid: [
      { field: 'followUpType', value: 'fax', message: 'Please select a follow-up type' },
      { field: 'status', value: 'closed', message: 'Please select a status from the list' },
      { field: 'nextFollowUp', value: '2026-02-30', message: 'Enter a date as YYYY-MM-DD' },
      { field: 'customerId', value: 3, message: 'Choose a lead or a customer (one of them)' },
    ],
  },
};
