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
];
