// First: an embedded screen denied storage by the browser gets memory instead (react-admin reads it on load).
import './pages/iframe/storageGuard';
import { createRoot } from 'react-dom/client';
import { startPortal } from './startPortal';

// The portal, at any address but /login: that one has its own, smaller entry (src/signIn, login.html).
void startPortal(createRoot(document.getElementById('root')!));
