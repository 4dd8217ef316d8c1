import {
  ADJUSTMENT_REASONS,
  ADJUSTMENT_TYPES,
  decimal,
  routes,
  stockAdjustmentsEntity,
  type StockAdjustment,
  type StockAdjustmentBody,
} from '@erp/contracts';
import { CalendarDays, Package, StickyNote, Tag } from 'lucide-react';
import { useMemo } from 'react';

import { formValuesOf, type ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { optionsFrom, useLabels } from '@/features/documents/lookups';
import { itemsResource } from '@/features/inventory/items/items.resource';
import { useStock } from '@/features/inventory/stock.queries';
import { stockAdjustmentsResource } from '@/features/inventory/stock-adjustments/stock-adjustments.resource';
import { formatDate, todayInIndia } from '@/lib/format';

type Values = Record<string, unknown>;

const itemOptions = optionsFrom(itemsResource.useList);
const capitalised = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const signed = (a: Pick<StockAdjustment, 'adjustmentType' | 'quantity'>) => `${a.adjustmentType === 'increase' ? '+' : '-'}${a.quantity}`;
const effect = (type: unknown, quantity: unknown) => {
  const q = typeof quantity === 'string' && quantity.trim() !== '' && !Number.isNaN(Number(quantity)) ? decimal(quantity) : decimal(0);
  return type === 'decrease' ? q.neg() : type === 'increase' ? q : decimal(0);
};

/**
 * The item's stock now and after this adjustment (issue 9): below zero is allowed, and said.
 * Editing counts the adjustment's own earlier effect out first.
 */
const useStockNotice = (values: Values, record?: StockAdjustment) => {
  const stock = useStock();
  const items = itemsResource.useList();
  const itemId = Number(values.itemId ?? 0);
  const item = items.data?.find((i) => i.id === itemId);
  const current = stock.data?.find((s) => s.itemId === itemId);
  if (!item || !current) return null;
  const before = decimal(current.currentStock).minus(record && record.itemId === itemId && record.active ? effect(record.adjustmentType, record.quantity) : 0);
  const after = before.plus(values.active === false ? 0 : effect(values.adjustmentType, values.quantity));
  const unit = item.unit;
  const text = `Current stock of ${item.name}: ${before.toString()} ${unit}. After this adjustment: ${after.toString()} ${unit}.`;
  return after.lt(0) ? { text: `${text} This takes the stock below zero.`, warning: true } : { text, warning: false };
};

export function StockAdjustmentsScreen() {
  const itemName = useLabels(itemsResource.useList, (i) => i.name);
  const config = useMemo(
    (): ListConfig<StockAdjustment, Values, StockAdjustmentBody> => ({
      title: 'Stock Adjustments',
      subtitle: 'Manage stock in and stock out adjustments',
      addLabel: 'New Adjustment',
      searchPlaceholder: 'Search adjustments...',
      backTo: { to: routes.module('inventory'), label: 'Back to Inventory' },
      empty: {
        searching: 'No stock adjustments found',
        initial: 'No stock adjustments found',
        initialAction: 'Create first adjustment',
      },
      summary: (all) => [
        { label: 'Total Adjustments', value: String(all.length) },
        { label: 'Stock In', value: String(all.filter((a) => a.adjustmentType === 'increase').length) },
        { label: 'Stock Out', value: String(all.filter((a) => a.adjustmentType === 'decrease').length) },
      ],
      listHeading: 'Recent Adjustments',
      search: stockAdjustmentsEntity.search,
      searchAlso: (a) => [itemName(a.itemId, 'Unknown Item')],
      card: {
        title: (a) => itemName(a.itemId, 'Unknown Item'),
        badge: (a) => ({ label: signed(a), tone: a.adjustmentType === 'increase' ? 'green' : 'red' }),
        fields: [
          { label: 'Reason', icon: Tag, value: (a) => a.reason },
          { label: 'Date', icon: CalendarDays, value: (a) => formatDate(a.adjustmentDate) },
          { label: 'Notes', icon: StickyNote, value: (a) => a.notes, hideWhenEmpty: true },
          { label: 'Status', icon: Package, value: (a) => (a.active ? null : 'Inactive (not counted)'), hideWhenEmpty: true },
        ],
      },
      resource: stockAdjustmentsResource,
      form: {
        entityLabel: stockAdjustmentsEntity.label,
        schema: stockAdjustmentsEntity.body,
        titles: { create: 'New Stock Adjustment', edit: 'Edit Stock Adjustment' },
        subtitles: { create: 'Record stock in or stock out', edit: 'Update adjustment details' },
        submitLabels: { create: 'Create Adjustment', update: 'Update Adjustment' },
        sections: [
          {
            title: 'Adjustment Details',
            fields: [
              { name: 'itemId', label: 'Item', kind: 'select', required: true, useOptions: itemOptions },
              { name: 'adjustmentDate', label: 'Adjustment Date', kind: 'date', required: true },
              { name: 'adjustmentType', label: 'Adjustment Type', kind: 'select', required: true, options: ADJUSTMENT_TYPES.map((t) => ({ value: t, label: capitalised(t) })) },
              { name: 'quantity', label: 'Quantity', kind: 'decimal', required: true, placeholder: '0.00', hint: 'Up to 2 decimal places, e.g. 2.5' },
              { name: 'unitCost', label: 'Cost per Unit', kind: 'money', placeholder: '0.00', hint: "Left blank: the item's cost price. The books value the adjustment at this cost." },
              {
                name: 'reason',
                label: 'Reason',
                kind: 'select',
                required: true,
                optionsFor: (values) =>
                  (values.adjustmentType === 'decrease' ? ADJUSTMENT_REASONS.decrease : ADJUSTMENT_REASONS.increase).map((r) => ({ value: r, label: r })),
              },
              { name: 'notes', label: 'Notes', kind: 'textarea' },
            ],
          },
        ],
        useNotice: useStockNotice,
        emptyValues: { itemId: '', adjustmentDate: todayInIndia(), adjustmentType: 'increase', quantity: '', unitCost: '', reason: '', notes: '', active: true },
        toFormValues: (a) => ({ ...formValuesOf(a, stockAdjustmentsEntity.fieldNames), itemId: String(a.itemId) }),
      },
    }),
    [itemName],
  );
  return <EntityListScreen config={config} />;
}
