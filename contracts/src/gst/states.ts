/**
 * GST state codes and names (india-compliance STATE_NUMBERS; shared/domain/GST-AND-BOOKS.md
 * §2.3). 25 (old Daman and Diu) and 28 (undivided Andhra Pradesh) are gone; 96 is for exports
 * only (a place of supply, never a GSTIN).
 */
export const GST_STATES = [
  { code: '01', name: 'Jammu and Kashmir' },
  { code: '02', name: 'Himachal Pradesh' },
  { code: '03', name: 'Punjab' },
  { code: '04', name: 'Chandigarh' },
  { code: '05', name: 'Uttarakhand' },
  { code: '06', name: 'Haryana' },
  { code: '07', name: 'Delhi' },
  { code: '08', name: 'Rajasthan' },
  { code: '09', name: 'Uttar Pradesh' },
  { code: '10', name: 'Bihar' },
  { code: '11', name: 'Sikkim' },
  { code: '12', name: 'Arunachal Pradesh' },
  { code: '13', name: 'Nagaland' },
  { code: '14', name: 'Manipur' },
  { code: '15', name: 'Mizoram' },
  { code: '16', name: 'Tripura' },
  { code: '17', name: 'Meghalaya' },
  { code: '18', name: 'Assam' },
  { code: '19', name: 'West Bengal' },
  { code: '20', name: 'Jharkhand' },
  { code: '21', name: 'Odisha' },
  { code: '22', name: 'Chhattisgarh' },
  { code: '23', name: 'Madhya Pradesh' },
  { code: '24', name: 'Gujarat' },
  { code: '26', name: 'Dadra and Nagar Haveli and Daman and Diu' },
  { code: '27', name: 'Maharashtra' },
  { code: '29', name: 'Karnataka' },
  { code: '30', name: 'Goa' },
  { code: '31', name: 'Lakshadweep Islands' },
  { code: '32', name: 'Kerala' },
  { code: '33', name: 'Tamil Nadu' },
  { code: '34', name: 'Puducherry' },
  { code: '35', name: 'Andaman and Nicobar Islands' },
  { code: '36', name: 'Telangana' },
  { code: '37', name: 'Andhra Pradesh' },
  { code: '38', name: 'Ladakh' },
  { code: '97', name: 'Other Territory' },
] as const;

export type StateCode = (typeof GST_STATES)[number]['code'];
export const STATE_CODES: readonly StateCode[] = GST_STATES.map((s) => s.code);

const NAMES = new Map<string, string>(GST_STATES.map((s) => [s.code, s.name]));

export const isStateCode = (code: string): code is StateCode => NAMES.has(code);

/** 'Maharashtra' for '27'; the code itself for one we do not know. */
export const stateName = (code: string): string => NAMES.get(code) ?? code;

/** '27-Maharashtra': how a place of supply is printed (india-compliance's form). */
export const placeOfSupplyLabel = (code: string): string => `${code}-${stateName(code)}`;

/** The state of a GSTIN: its first two digits. */
export const stateOfGstin = (gstin: string | null | undefined): StateCode | null => {
  const code = gstin?.slice(0, 2) ?? '';
  return isStateCode(code) ? code : null;
};
