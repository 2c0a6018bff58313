import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { Portal } from './Portal';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <Portal />
    </BrowserRouter>
  </StrictMode>,
);
