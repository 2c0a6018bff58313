import { CHANGE_PASSWORD_PATH } from '../authProvider';

/**
 * The paths of the portal's pages that are not resources, without their screens. The menus and the top
 * bars link to them through this module, and src/pages/routes.tsx mounts a screen at each: the layout names
 * the pages it links to without importing them (the pages import the layout).
 */
export const PAGE_PATH = {
  root: '/',
  login: '/login',
  oauth2Handler: '/oauth2/handler',
  oidcCallback: '/oidc/2fa-callback',
  popupResult: '/popup-result-handler',
  popupResultAction: '/popup-result-handler/:action',
  home: '/home',
  report: '/report',
  changePassword: CHANGE_PASSWORD_PATH,
  myOrders: '/my-account/orders',
  myOrder: '/my-account/orders/:id',
  mySecurity: '/my-account/security',
  configuration: '/configuration',
  adConfig: '/ad-config',
  wizard: '/wizard/:serviceInstanceId',
  frameWizard: '/iframe/wizard/:serviceInstanceId',
  frameAccountList: '/iframe/account-list',
  frameUserList: '/iframe/user-list',
  frameLdapEdit: '/iframe/ldap-edit/:id',
  myAccount: '/my-account',
  myProfile: '/my-account/profile',
  /** The change-password screen's other path (spec 01 §2 'Other routes'); the forced change goes to changePassword. */
  profileChangePassword: '/profile/change-password',
  // The public self-service pages (docs/requirements/portal-routes-and-menus.md; src/pages/routes.tsx PUBLIC_PAGES).
  signup: '/signup',
  signupCompleted: '/signup/completed',
  signupActivate: '/signup-activate/:token',
  forgotPassword: '/forgot-password',
  resetPassword: '/account/reset-password',
  resetByRecoveryEmail: '/reset-user-by-backup-email/:jwtToken',
  verifyRecoveryEmail: '/verify-personal-email/:jwtToken',
  contactUs: '/contact-us',
  onboarding: '/onboarding',
  scheme: '/scheme',
} as const;
