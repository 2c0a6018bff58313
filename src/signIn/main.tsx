// First: a page denied storage by the browser gets memory instead (react-admin's store reads it on load).
import '../pages/iframe/storageGuard';
import { startSignIn } from './SignInApp';

// The sign-in page's own entry (login.html, served at /login): the portal loads once the page leads elsewhere.
void startSignIn(document.getElementById('root')!);
