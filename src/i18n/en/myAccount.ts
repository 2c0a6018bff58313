/**
 * My Account's texts (portal.myAccount): its profile tab and what its tabs share.
 * Translators: edit the strings, keep the keys and %{placeholders}.
 */
export const myAccount = {
  title: 'My Account',
  backToDashboard: 'Back to dashboard',
  profile: {
    title: 'Profile',
    loadFailed: 'Your profile could not be loaded.',
    saved: 'Your profile has been saved.',
    emailHelper: 'The address you sign in with. It cannot be changed here.',
    phoneHelper: 'In international format: + and the country code, then the number (+84 90 123 45 67).',
    avatar: {
      choose: 'Upload a picture',
      remove: 'Remove the picture',
      preview: 'Your avatar',
      url: 'Or the address of a picture',
      uploaded: 'The picture you uploaded.',
      notImage: 'This file is not a picture. Choose a PNG, JPEG, GIF or WebP image.',
      tooLarge: 'This picture is too large. Choose one of at most %{size} KB.',
    },
    recoveryEmail: {
      title: 'Recovery email',
      label: 'Recovery email',
      helper:
        'A personal address where you can receive a password reset link if you lose access to the mailbox you sign in with.',
      verified: 'Verified',
      waiting: 'Waiting for verification: open the link we sent to %{email}.',
      willSend: 'When you save, we send a verification link to this address.',
      willRemove: 'When you save, your recovery email is removed.',
    },
  },
};
