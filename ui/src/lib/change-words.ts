/** How a change reads to a person: the history of a record and the activity log share it. */

// 'VendorUpdated' → 'Updated': the last word of an event type names what happened.
export const eventLabel = (type: string) => type.match(/[A-Z][a-z]*$/)?.[0] ?? type;

export const show = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (Array.isArray(value)) return `${value.length} line${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return typeof value === 'object' ? 'changed' : String(value);
};

const ACRONYMS: Readonly<Record<string, string>> = { gst: 'GST', hsn: 'HSN', pan: 'PAN', cgst: 'CGST', sgst: 'SGST', igst: 'IGST', id: 'ID', upi: 'UPI' };

/** A field the form does not show, in words: 'paidAmount' → 'Paid amount', 'gstNumber' → 'GST number'. */
export const fieldWords = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(' ')
    .map((word, i) => ACRONYMS[word] ?? (i === 0 ? word.charAt(0).toUpperCase() + word.slice(1) : word))
    .join(' ');
