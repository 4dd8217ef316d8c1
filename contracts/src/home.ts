/**
 * What the UI's home screen takes from the contracts: the modules' and the summary strip's
 * schemas and exact decimals. Home's chunk imports these alone, not the whole contracts (whose
 * schemas a phone would otherwise build before home is drawn: issue 47).
 */
export { ModuleSchema, type Module } from './modules';
export { HomeSummarySchema, type HomeSummary } from './summary';
export { decimal, type DecimalInput } from './money';
