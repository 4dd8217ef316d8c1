import { ADJUSTMENT_TYPES } from '../constants';
import { adjustmentPostings } from '../books/postings';
import { masterDataEntity, type BodyOf, type EventOf, type RecordOf } from '../entity';
import { active, dateOrToday, moneyFrom, multiline, positiveQuantity, recordRef, requiredText, select } from '../fields';

/**
 * Stock adjustments (SEED-SPEC §2, §3, §4, §5, §9): stock in and out of an item. An item's
 * stock is the sum of its active adjustments, increases added and decreases subtracted
 * (DESIGN §4); editing an adjustment changes it accordingly. It is posted to the books at its
 * cost per unit (issue 21), which is the item's cost price when left blank.
 */
export const stockAdjustmentsEntity = masterDataEntity({
  module: 'inventory',
  plural: 'stock-adjustments',
  singular: 'stock-adjustment',
  label: 'Stock adjustment',
  path: '/api/inventory/stock-adjustments',
  canDelete: false,
  sortBy: 'adjustmentDate',
  booksParts: (values) => [{ date: typeof values.adjustmentDate === 'string' ? values.adjustmentDate : null, postings: adjustmentPostings(values) }],
  search: { fields: ['reason'], refs: { itemId: 'item' } },
  fields: {
    itemId: recordRef('Please select an item', 'item'),
    adjustmentDate: dateOrToday(),
    adjustmentType: select(ADJUSTMENT_TYPES, { required: true, error: 'Please select adjustment type' }),
    quantity: positiveQuantity(2),
    unitCost: moneyFrom('itemId', 'costPrice'),
    reason: requiredText('Reason is required'),
    notes: multiline(),
    active: active(),
  },
});

export const StockAdjustmentBodySchema = stockAdjustmentsEntity.body;
export const StockAdjustmentSchema = stockAdjustmentsEntity.record;
export type StockAdjustmentBody = BodyOf<typeof stockAdjustmentsEntity>;
export type StockAdjustment = RecordOf<typeof stockAdjustmentsEntity>;
export type StockAdjustmentEvent = EventOf<typeof stockAdjustmentsEntity>;
