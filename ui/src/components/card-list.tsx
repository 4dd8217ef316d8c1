import { LAYOUT } from '@erp/contracts';
import { useWindowVirtualizer, type Virtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

import { CardGrid, CardItem, enterDelay, MAX_STAGGERED, StaggerList, type StaggerListProps } from '@/components/stagger-list';

/** Lists up to this long are rendered whole, as the seed does; longer ones only what is on screen. */
export const VIRTUALIZE_FROM = 100;
const WIDE = '(min-width: 768px)';
// Row gaps of CardGrid, phone and wide.
const GAP = { narrow: 12, wide: 16 };

export interface CardListProps<T> extends StaggerListProps<T> {
  /** Called when the last rows come near the screen: time to load the next page. */
  onNearEnd?: () => void;
  /** A list paged from the server: rendered only near the screen, however few are loaded yet. */
  virtualize?: boolean;
}

/** The list screen's cards: staggered in as the seed shows them, virtualized when long. */
export function CardList<T>(props: CardListProps<T>) {
  return props.virtualize || props.items.length > VIRTUALIZE_FROM ? <VirtualCards {...props} /> : <StaggerList {...props} />;
}

const useWide = () => {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches);
  useEffect(() => {
    const query = window.matchMedia(WIDE);
    const change = () => setWide(query.matches);
    query.addEventListener('change', change);
    return () => query.removeEventListener('change', change);
  }, []);
  return wide;
};

const measureFromObserver = (element: Element, entry: ResizeObserverEntry | undefined, instance: Virtualizer<Window, Element>) => {
  const box = entry?.borderBoxSize[0];
  if (box) return Math.round(box.blockSize);
  const index = instance.indexFromElement(element);
  return instance.measurementsCache[index]?.size ?? instance.options.estimateSize(index);
};

/**
 * Rows of cards in the page's own scroll (a window virtualizer, @tanstack/react-virtual): only
 * the rows near the screen are in the DOM, the space of the others is padding, so the grid, its
 * gaps and the list semantics stay those of the short list. Each row is measured as it renders.
 */
function VirtualCards<T>({ items, keyOf, render, label, columns = 1, wideColumns = columns, onNearEnd }: CardListProps<T>) {
  const wide = useWide();
  const perRow = wide ? wideColumns : columns;
  const listRef = useRef<HTMLUListElement>(null);
  const [scrollMargin, setScrollMargin] = useState(0);
  useLayoutEffect(() => {
    const top = listRef.current?.getBoundingClientRect().top ?? 0;
    setScrollMargin(top + window.scrollY);
  }, []);
  // The first cards enter staggered; once they have, cards scrolled to are simply there.
  const [entering, setEntering] = useState(true);
  useEffect(() => {
    const done = setTimeout(() => setEntering(false), (MAX_STAGGERED * LAYOUT.staggerSeconds + 0.3) * 1000);
    return () => clearTimeout(done);
  }, []);
  const rowCount = Math.ceil(items.length / perRow);
  const virtualizer = useWindowVirtualizer({
    count: rowCount,
    estimateSize: () => 150,
    overscan: 6,
    gap: wide ? GAP.wide : GAP.narrow,
    scrollMargin,
    getItemKey: (row) => keyOf(items[row * perRow]!),
    // Sizes come from the ResizeObserver, after the browser's own layout: measuring each row as
    // it mounts would force a layout per commit inside the task that renders the list.
    measureElement: measureFromObserver,
  });
  const rows = virtualizer.getVirtualItems();
  const lastShown = rows.at(-1)?.index ?? 0;
  useEffect(() => {
    if (lastShown >= rowCount - 10) onNearEnd?.();
  }, [lastShown, rowCount, onNearEnd]);
  const first = rows[0];
  const last = rows.at(-1);
  const paddingTop = first ? first.start - scrollMargin : 0;
  const paddingBottom = last ? Math.max(0, virtualizer.getTotalSize() - (last.end - scrollMargin)) : 0;
  return (
    <CardGrid ref={listRef} aria-label={label} $columns={columns} $wideColumns={wideColumns} style={{ paddingTop, paddingBottom }}>
      {rows.flatMap((row) =>
        items.slice(row.index * perRow, row.index * perRow + perRow).map((item, column) => {
          const index = row.index * perRow + column;
          const key = keyOf(item);
          const stagger = entering && index <= MAX_STAGGERED;
          return (
            <CardItem
              key={key}
              data-index={row.index}
              ref={column === 0 ? virtualizer.measureElement : undefined}
              aria-setsize={items.length}
              aria-posinset={index + 1}
              style={stagger ? { animationDelay: enterDelay(index) } : { animation: 'none' }}
            >
              {render(item)}
            </CardItem>
          );
        }),
      )}
    </CardGrid>
  );
}
