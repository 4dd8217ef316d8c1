import { DEFAULT_REORDER_LEVEL, DEFAULT_TAX_RATE, itemsEntity, routes, UNITS, type Item, type ItemBody } from '@erp/contracts';
import { Barcode, FileText, IndianRupee, Package, Percent, TriangleAlert } from 'lucide-react';
import { useMemo } from 'react';

import { formValuesOf, type ListConfig } from '@/components/entity-config';
import { EntityListScreen } from '@/components/entity-list-screen';
import { itemsResource } from '@/features/inventory/items/items.resource';
import { StockLedger } from '@/features/inventory/stock-ledger';
import { useStock } from '@/features/inventory/stock.queries';
import { formatMoney } from '@/lib/format';

type Values = Record<string, unknown>;

const money = (value: string | null) => (value ? formatMoney(value) : null);

const itemsList: ListConfig<Item, Values, ItemBody> = {
  title: 'Items',
  subtitle: 'Product catalog',
  addLabel: 'Add Item',
  searchPlaceholder: 'Search items...',
  backTo: { to: routes.module('inventory'), label: 'Back to Inventory' },
  empty: {
    searching: 'No items found matching your search.',
    initial: 'No items found. Create your first item!',
  },
  search: itemsEntity.search,
  card: {
    title: (item) => item.name,
    badge: (item) => ({ label: item.unit, tone: 'blue' }),
    fields: [
      { label: 'Description', icon: FileText, value: (i) => i.description, hideWhenEmpty: true },
      { label: 'Selling', icon: IndianRupee, value: (i) => money(i.sellingPrice), hideWhenEmpty: true },
      { label: 'Cost', icon: IndianRupee, value: (i) => money(i.costPrice), hideWhenEmpty: true },
      { label: 'HSN', icon: Barcode, value: (i) => i.hsnCode, hideWhenEmpty: true },
      { label: 'Tax', icon: Percent, value: (i) => `${i.taxRate}%` },
      { label: 'Reorder at', icon: TriangleAlert, value: (i) => String(i.reorderLevel) },
    ],
  },
  resource: itemsResource,
  form: {
    entityLabel: itemsEntity.label,
    schema: itemsEntity.body,
    titles: { create: 'Add Item', edit: 'Edit Item' },
    subtitles: { create: 'Add a product to the catalog', edit: 'Update item information' },
    submitLabels: { create: 'Create Item', update: 'Update Item' },
    sections: [
      {
        title: 'Item Information',
        fields: [
          { name: 'name', label: 'Item Name', kind: 'text', required: true, placeholder: 'Enter item name' },
          { name: 'unit', label: 'Unit', kind: 'select', required: true, options: UNITS.map((u) => ({ value: u, label: u })) },
          { name: 'description', label: 'Description', kind: 'textarea', placeholder: 'Enter item description' },
          { name: 'sellingPrice', label: 'Selling Price', kind: 'money', placeholder: '0.00' },
          { name: 'costPrice', label: 'Cost Price', kind: 'money', placeholder: '0.00' },
          { name: 'hsnCode', label: 'HSN Code', kind: 'text', placeholder: '4, 6 or 8 digits' },
          { name: 'taxRate', label: 'Tax Rate (%)', kind: 'percent', hint: `Default ${DEFAULT_TAX_RATE}` },
          { name: 'reorderLevel', label: 'Reorder Level', kind: 'integer', hint: `Default ${DEFAULT_REORDER_LEVEL}` },
        ],
      },
    ],
    emptyValues: { name: '', unit: '', description: '', sellingPrice: '', costPrice: '', hsnCode: '', taxRate: DEFAULT_TAX_RATE, reorderLevel: String(DEFAULT_REORDER_LEVEL), active: true },
    toFormValues: (item) => formValuesOf(item, itemsEntity.fieldNames),
    below: { title: 'Stock Ledger', render: (item) => <StockLedger itemId={item.id} itemName={item.name} /> },
  },
};

const SAID = { 'out-of-stock': ' · Out of stock', 'low-stock': ' · Low stock', 'in-stock': '' } as const;

/** The cards say each item's stock on hand first (issue 45): '…' until the stock has loaded. */
export function ItemsScreen() {
  const stock = useStock().data;
  const config = useMemo(() => {
    const onHand = stock ? new Map(stock.map((s) => [s.itemId, s])) : null;
    const field = {
      label: 'Stock on Hand',
      icon: Package,
      value: (i: Item) => {
        if (!onHand) return '…';
        const s = onHand.get(i.id);
        return `${s?.currentStock ?? '0'} ${i.unit}${SAID[s?.status ?? 'out-of-stock']}`;
      },
    };
    return { ...itemsList, card: { ...itemsList.card, fields: [field, ...itemsList.card.fields] } };
  }, [stock]);
  return <EntityListScreen config={config} />;
}
