import { type ReactNode, useCallback, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';

const Frame = styled.div`min-width: 0;`;

const Inner = styled.div`position: relative;`;

const Box = styled.div`
  overflow-x: auto;
  overscroll-behavior-x: contain;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
  @media print { overflow: visible; }
`;

/** A shade on an edge with more of the table behind it; it goes when that edge is reached. */
const Shade = styled.div<{ $side: 'left' | 'right' }>`
  position: absolute;
  top: 0;
  bottom: 0;
  ${({ $side }) => $side}: 0;
  width: 28px;
  pointer-events: none;
  background: linear-gradient(to ${({ $side }) => ($side === 'right' ? 'left' : 'right')}, rgba(15, 23, 42, 0.2), rgba(15, 23, 42, 0));
  @media print { display: none; }
`;

const Hint = styled.p<{ $shown: boolean }>`
  margin: 0 0 4px;
  text-align: right;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.muted};
  visibility: ${({ $shown }) => ($shown ? 'visible' : 'hidden')};
  @media print { display: none; }
`;

/**
 * A table wider than the screen in a box of its own that scrolls sideways (the page never does):
 * focusable, so arrow keys scroll it, and saying so while there is more to the right — a shade on
 * that edge and "Scroll for more →" above. Use it for every table that may not fit 360 px
 * (`styled(TableScroll)` styles the scrolling box).
 */
export function TableScroll({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [wider, setWider] = useState(false);
  const [left, setLeft] = useState(false);
  const [right, setRight] = useState(false);
  const measure = useCallback(() => {
    const element = box.current;
    if (!element) return;
    const hidden = element.scrollWidth - element.clientWidth;
    setWider(hidden > 1);
    setLeft(element.scrollLeft > 1);
    setRight(hidden - element.scrollLeft > 1);
  }, []);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    for (const child of element.children) observer.observe(child);
    return () => observer.disconnect();
  }, [measure, children]);
  return (
    <Frame data-table-scroll={wider ? (right ? 'more' : 'end') : 'fits'}>
      {wider && (
        <Hint $shown={right} aria-hidden="true">
          Scroll for more →
        </Hint>
      )}
      <Inner>
        <Box ref={box} className={className} role="region" aria-label={label} tabIndex={0} onScroll={measure}>
          {children}
        </Box>
        {left && <Shade $side="left" aria-hidden="true" />}
        {right && <Shade $side="right" aria-hidden="true" data-scroll-cue="" />}
      </Inner>
    </Frame>
  );
}
