import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';
import styled from 'styled-components';

// Shadows at the edges that scroll with the content (a cover that moves with it over a shadow
// that stays): a table wider than the phone shows a shade on the side there is more.
const Box = styled.div`
  overflow-x: auto;
  background:
    linear-gradient(to right, #fff 30%, rgba(255, 255, 255, 0)) left / 40px 100% no-repeat local,
    linear-gradient(to left, #fff 30%, rgba(255, 255, 255, 0)) right / 40px 100% no-repeat local,
    radial-gradient(farthest-side at 0 50%, rgba(15, 23, 42, 0.22), transparent) left / 14px 100% no-repeat scroll,
    radial-gradient(farthest-side at 100% 50%, rgba(15, 23, 42, 0.22), transparent) right / 14px 100% no-repeat scroll;
  &:focus-visible { outline: 2px solid ${({ theme }) => theme.colors.focus}; outline-offset: 2px; }
`;

const Hint = styled.p`
  margin: 0 0 6px;
  font-size: 13px;
  color: ${({ theme }) => theme.colors.muted};
`;

/** A wide table in a box of its own that scrolls sideways, saying so when it does not fit. */
export function ScrollBox({ label, children }: { label: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [wider, setWider] = useState(false);
  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return undefined;
    const measure = () => setWider(element.scrollWidth > element.clientWidth + 1);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return (
    <div>
      {wider && <Hint>Swipe the table sideways for more →</Hint>}
      <Box ref={box} role="region" aria-label={label} tabIndex={0}>
        {children}
      </Box>
    </div>
  );
}
