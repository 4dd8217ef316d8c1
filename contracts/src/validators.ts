const GSTIN_FORMAT = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;
const PAN_FORMAT = /^[A-Z]{5}[0-9]{4}[A-Z]$/;
const GSTIN_ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The 15th GSTIN character: a base-36 Luhn-style check over the first 14. */
export const gstinCheckCharacter = (first14: string): string => {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = GSTIN_ALPHABET.indexOf(first14.charAt(i)) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return GSTIN_ALPHABET.charAt((36 - (sum % 36)) % 36);
};

/** Returns an error message, or null when the GSTIN is well formed and its checksum matches. */
export const gstinProblem = (value: string): string | null => {
  if (value.length !== 15) return 'GST number must be 15 characters, like 27ABCDE1234F1Z5';
  if (!GSTIN_FORMAT.test(value)) return 'GST number format is invalid (e.g. 27ABCDE1234F1Z5)';
  if (gstinCheckCharacter(value.slice(0, 14)) !== value.charAt(14)) {
    return 'GST number check digit does not match';
  }
  return null;
};

export const panProblem = (value: string): string | null => {
  if (value.length !== 10) return 'PAN must be 10 characters, like ABCDE1234F';
  if (!PAN_FORMAT.test(value)) return 'PAN format is invalid (e.g. ABCDE1234F)';
  return null;
};
