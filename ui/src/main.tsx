// First: it must run before any schema is built (see the file).
import '@/lib/zod-config';

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';

import { Providers } from '@/app/providers';
import { AppRoutes, preloadFor } from '@/app/routes';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
preloadFor(window.location.pathname);

createRoot(root).render(
  <StrictMode>
    <BrowserRouter>
      <Providers>
        <AppRoutes />
      </Providers>
    </BrowserRouter>
  </StrictMode>,
);
