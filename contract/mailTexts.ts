/**
 * The emails the server sends, in English: the server writes them from these texts, and the portal's
 * catalogue shows them under `mail` (src/i18n/en). Keep this file free of imports.
 * Translators: edit the strings, keep the keys and %{placeholders}. The text and HTML bodies are made of
 * the same paragraphs; the HTML shows the QR code after `scan`.
 */
export const mail = {
  activationCode: {
    subject: 'Your %{productName} activation code',
    greeting: 'Hello %{name},',
    scan: 'Open the mobile app and scan this QR code, or enter the activation code %{code}.',
    link: 'On your phone, you can also open this link: %{link}',
    onboarding:
      'Reading this email on the phone itself? Open %{onboardingUrl} there: take a screenshot of the QR code it shows, then load the screenshot in the app.',
    expiry: 'The code activates one device and expires on %{expireDate}.',
    qrAlt: 'QR code of your activation code',
    closing: 'If you did not expect this email, ask your administrator.',
  },
  otpCode: {
    subject: 'Your %{productName} OTP key for %{serviceName}',
    greeting: 'Hello %{name},',
    seed: 'Your OTP secret key for %{serviceName} is: %{seedNumber}',
    app: 'Add it to an authenticator app (Google Authenticator, Microsoft Authenticator or any other) as a time-based (TOTP) key: the app then shows a code of 6 digits every 30 seconds, which you enter when you sign in.',
    scan: 'You can also scan this QR code with the app.',
    link: 'On your phone, you can also open this link to add the key: %{link}',
    qrAlt: 'QR code of your OTP key',
    closing:
      'Keep this key to yourself: anyone who has it can make your codes. If you did not expect this email, ask your administrator.',
  },
  signupActivation: {
    subject: 'Activate your %{productName} account',
    greeting: 'Hello %{name},',
    intro: 'Thank you for signing up %{companyName} for %{productName}.',
    link: 'To activate your account, open this link: %{link}',
    expiry: 'The link can be used once and expires on %{expireDate}.',
    closing: 'If you did not sign up, ignore this email: nothing is activated without the link.',
  },
  passwordReset: {
    subject: 'Reset your %{productName} password',
    greeting: 'Hello %{name},',
    intro: 'A new password was asked for the %{productName} account %{email}.',
    link: 'To choose a new password, open this link: %{link}',
    expiry:
      'The link can be used once and expires on %{expireDate}. Once the password is changed, every session of the account ends.',
    closing: 'If you did not ask for it, ignore this email: your password stays as it is.',
  },
  recoveryEmailVerification: {
    subject: 'Verify your %{productName} recovery email',
    greeting: 'Hello %{name},',
    intro:
      'This address was given as the recovery email of the %{productName} account %{email}: a password reset link may be sent to it.',
    link: 'To confirm that it is yours, open this link: %{link}',
    expiry: 'The link can be used once and expires on %{expireDate}.',
    closing: 'If you did not expect this email, ignore it: the address is not used until it is verified.',
  },
  contactMessage: {
    subject: '[%{productName}] Contact: %{subject}',
    intro: '%{name} wrote through the contact form of %{productName}.',
    from: 'Email: %{email}',
    company: 'Company: %{company}',
    phone: 'Phone: %{phone}',
    subjectLine: 'Subject: %{subject}',
    replyTo: 'To answer, write to %{email}: this message was sent by the portal, not by the visitor.',
  },
};
