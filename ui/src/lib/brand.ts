/** The product's name and the SEED-SPEC tagline, said once for every screen that shows them. */
export const APP_NAME = 'Udyam ERP';
export const TAGLINE = 'Manage your business efficiently';
