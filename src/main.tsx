import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Portal, preloadFirstPage } from './Portal';

const root = createRoot(document.getElementById('root')!);

// The first page's code is loaded before it is drawn, so that it shows up whole (see preloadFirstPage).
void preloadFirstPage(window.location)
  .catch(() => undefined)
  .then(() =>
    root.render(
      <StrictMode>
        <BrowserRouter>
          <Portal />
        </BrowserRouter>
      </StrictMode>,
    ),
  );
