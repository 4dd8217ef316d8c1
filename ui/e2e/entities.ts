/**
 * The master-data screens as SEED-SPEC words them. master-data.e2e.ts runs the same journey
 * over every row; a new entity screen adds a row here.
 */
export interface EntityCase {
  label: string;
  route: string;
  backTo: { name: string; path: string };
  texts: {
    title: string;
    subtitle: string;
    add: string;
    search: string;
    emptySearch: string;
    create: { title: string; subtitle: string; submit: string };
    edit: { title: string; subtitle: string; submit: string };
    section: string;
    deleteDialog?: { title: string; body: string };
  };
  /** Builds a record's form input (by label) from a unique token; the first entry is the name. */
  sample: (token: string) => Record<string, string>;
  /** Form labels whose values the card must show. */
  cardShows: string[];
  /** Search terms derived from the sample, each expected to find the record. */
  searchTerms: (sample: Record<string, string>) => string[];
  edit: { label: string; value: string };
}

export const ENTITIES: EntityCase[] = [
  {
    label: 'Vendor',
    route: '/module/purchase/task/vendors',
    backTo: { name: 'Back to Purchase', path: '/module/purchase' },
    texts: {
      title: 'Vendors',
      subtitle: 'Manage supplier information',
      add: 'Add Vendor',
      search: 'Search vendors...',
      emptySearch: 'No vendors found matching your search.',
      create: { title: 'Create Vendor', subtitle: 'Add new supplier details', submit: 'Create Vendor' },
      edit: { title: 'Edit Vendor', subtitle: 'Update vendor information', submit: 'Update Vendor' },
      section: 'Vendor Information',
      deleteDialog: {
        title: 'Delete Vendor',
        body: 'Are you sure you want to delete this vendor? This action cannot be undone.',
      },
    },
    sample: (token) => ({
      'Vendor Name': `Sharma Traders ${token}`,
      'Contact Person': `Ravi ${token}`,
      Phone: '+91-9876543210',
      Email: `ravi.${token}@sharma.example`,
      Address: '12 MG Road, Pune',
      'GST Number': '27ABCDE1234F1Z0',
      'PAN Number': 'ABCDE1234F',
      'Payment Terms': 'Net 30',
    }),
    cardShows: ['Contact Person', 'Phone', 'Email', 'Payment Terms', 'GST Number'],
    searchTerms: (s) => [s['Vendor Name']!.toUpperCase(), s['Contact Person']!.toLowerCase(), s.Email!],
    edit: { label: 'Phone', value: '+91-9000000001' },
  },
  {
    label: 'Customer',
    route: '/module/sales/task/customers',
    backTo: { name: 'Back to Sales', path: '/module/sales' },
    texts: {
      title: 'Customers',
      subtitle: 'Manage customer database',
      add: 'Add Customer',
      search: 'Search customers...',
      emptySearch: 'No customers found matching your search.',
      create: { title: 'Create Customer', subtitle: 'Add new customer details', submit: 'Create Customer' },
      edit: { title: 'Edit Customer', subtitle: 'Update customer information', submit: 'Update Customer' },
      section: 'Customer Information',
      deleteDialog: {
        title: 'Delete Customer',
        body: 'Are you sure you want to delete this customer? This action cannot be undone.',
      },
    },
    sample: (token) => ({
      'Customer Name': `Mehta Stores ${token}`,
      'Contact Person': `Vikram ${token}`,
      Phone: '+91-9123456789',
      Email: `vikram.${token}@mehta.example`,
      'Credit Limit': '50000',
    }),
    cardShows: ['Contact Person', 'Phone', 'Email'],
    searchTerms: (s) => [s['Customer Name']!.toLowerCase(), s['Contact Person']!.toUpperCase(), s.Email!],
    edit: { label: 'Phone', value: '+91-9000000002' },
  },
  {
    label: 'Item',
    route: '/module/inventory/task/items',
    backTo: { name: 'Back to Inventory', path: '/module/inventory' },
    texts: {
      title: 'Items',
      subtitle: 'Product catalog',
      add: 'Add Item',
      search: 'Search items...',
      emptySearch: 'No items found matching your search.',
      create: { title: 'Add Item', subtitle: 'Add a product to the catalog', submit: 'Create Item' },
      edit: { title: 'Edit Item', subtitle: 'Update item information', submit: 'Update Item' },
      section: 'Item Information',
    },
    sample: (token) => ({
      'Item Name': `Basmati Rice ${token}`,
      Unit: 'KG',
      Description: `Aged rice ${token}`,
      'Selling Price': '120.50',
      'HSN Code': '1006',
      'Tax Rate (%)': '5',
    }),
    cardShows: ['Unit', 'Description', 'HSN Code'],
    searchTerms: (s) => [s['Item Name']!.toUpperCase(), s.Description!, s['HSN Code']!],
    edit: { label: 'Description', value: 'Aged rice, 25 kg bags' },
  },
  {
    label: 'Employee',
    route: '/module/hr/task/employees',
    backTo: { name: 'Back to HR', path: '/module/hr' },
    texts: {
      title: 'Employee Master',
      subtitle: 'Employee profiles',
      add: 'Add Employee',
      search: 'Search employees...',
      emptySearch: 'No employees found matching your search.',
      create: { title: 'Add Employee', subtitle: 'Create new employee profile', submit: 'Create Employee' },
      edit: { title: 'Edit Employee', subtitle: 'Update employee information', submit: 'Update Employee' },
      section: 'Employee Information',
    },
    sample: (token) => ({
      'Full Name': `Meera Iyer ${token}`,
      'Employee ID': `E-${token}`,
      Designation: 'Accountant',
      Department: `Accounts ${token}`,
      'Monthly Salary': '45000',
    }),
    cardShows: ['Employee ID', 'Designation', 'Department'],
    searchTerms: (s) => [s['Full Name']!.toLowerCase(), s['Employee ID']!.toLowerCase(), s.Department!],
    edit: { label: 'Designation', value: 'Senior Accountant' },
  },
  {
    label: 'Lead',
    route: '/module/crm/task/leads',
    backTo: { name: 'Back to CRM', path: '/module/crm' },
    texts: {
      title: 'Leads',
      subtitle: 'Prospect management',
      add: 'Add Lead',
      search: 'Search leads...',
      emptySearch: 'No leads found matching your search.',
      create: { title: 'Add Lead', subtitle: 'Create new lead record', submit: 'Create Lead' },
      edit: { title: 'Edit Lead', subtitle: 'Update lead information', submit: 'Update Lead' },
      section: 'Lead Information',
    },
    sample: (token) => ({
      'Contact Name': `Ravi Kumar ${token}`,
      Company: `Kumar Textiles ${token}`,
      Email: `ravi.${token}@kumar.example`,
      Source: 'Referral',
      'Assigned To': 'Asha',
    }),
    cardShows: ['Company', 'Email', 'Source', 'Assigned To'],
    searchTerms: (s) => [s['Contact Name']!.toUpperCase(), s.Company!.toLowerCase(), s.Email!, 'referral'],
    edit: { label: 'Company', value: 'Kumar Textiles Pvt Ltd' },
  },
];
