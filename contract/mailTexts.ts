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
};
