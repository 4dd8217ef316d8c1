import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { Providers } from '@/app/providers';
import { AppRoutes, preloadFor } from '@/app/routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
preloadFor(window.location.pathname);

// A transition: React renders the first screen in slices of a few milliseconds, between which
// the browser stays free (on a slow phone one long task would block it for hundreds).
startTransition(() => {
  createRoot(root).render(
    <StrictMode>
      <BrowserRouter>
        <Providers>
          <AppRoutes />
        </Providers>
      </BrowserRouter>
    </StrictMode>,
  );
});
