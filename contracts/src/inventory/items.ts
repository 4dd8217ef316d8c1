import { DEFAULT_REORDER_LEVEL, DEFAULT_TAX_RATE, UNITS } from '../constants';
import { masterDataEntity, type BodyOf, type EventOf, type RecordOf } from '../entity';
import { active, hsn, integer, money, multiline, percent, requiredText, select } from '../fields';

/** Items (SEED-SPEC §2, §3): the product catalogue. */
export const itemsEntity = masterDataEntity({
  module: 'inventory',
  plural: 'items',
  singular: 'item',
  label: 'Item',
  path: '/api/inventory/items',
  canDelete: false,
  sortBy: 'name',
  search: { fields: ['name', 'description', 'hsnCode'] },
  fields: {
    name: requiredText(),
    unit: select(UNITS, { required: true, error: 'Please select a unit' }),
    description: multiline(),
    sellingPrice: money(),
    costPrice: money(),
    hsnCode: hsn(),
    taxRate: percent(DEFAULT_TAX_RATE),
    reorderLevel: integer({ label: 'Reorder level', defaultValue: DEFAULT_REORDER_LEVEL }),
    active: active(),
  },
});

export const ItemBodySchema = itemsEntity.body;
export const ItemSchema = itemsEntity.record;
export type ItemBody = BodyOf<typeof itemsEntity>;
export type ItemInput = typeof itemsEntity.body._zod.input;
export type Item = RecordOf<typeof itemsEntity>;
export type ItemEvent = EventOf<typeof itemsEntity>;
