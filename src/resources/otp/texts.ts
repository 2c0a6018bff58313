/**
 * A service's OTP codes (docs/requirements/portal-routes-and-menus.md /otp; docs/requirements/billing-services-screens.md OTP list, docs/requirements/billing-services-entities.md OTP record, docs/requirements/billing-services-validation.md, docs/requirements/error-messages.md): the spec's texts
 * verbatim where it gives them.
 */
export const otp = {
  name: 'OTP code |||| OTP codes',
  /** The service's name plus OTP codes. */
  title: '%{name} OTP codes',
  fields: {
    serviceId: 'Service',
    username: 'Username',
    email: 'Email',
    seedNumber: 'OTP secret',
    generatedDate: 'Generated',
  },
  filters: {
    username: 'Search by username',
    chooseService: 'Choose a service',
  },
  /** The button of the service page that opens its OTP codes. */
  openFromService: 'OTP codes',
  backToService: 'Service',
  actions: {
    generate: 'Generate',
    regenerateAll: 'Re-generate all',
    sendByEmail: 'Send by email',
    sendByEmailOf: 'Send the OTP code of %{username} by email',
    regenerate: 'Re-generate',
    regenerateOf: 'Re-generate the OTP code of %{username}',
    sendMail: 'Send Mail',
    send: 'Send',
  },
  // docs/requirements/error-messages.md: verbatim.
  regenerateAll: {
    title: 'Re-generate all OTP codes?',
    content: 'All current OTP codes will be unavailable.',
  },
  regenerateOne: {
    title: 'Re-generate the OTP code?',
    content:
      'The current OTP secret of %{username} stops working: the user needs the new one in the authenticator.',
  },
  regenerateSelected: {
    title: 'Re-generate the selected OTP codes?',
    content:
      'The current OTP secret of the selected user stops working. |||| The current OTP secrets of the %{smart_count} selected users stop working.',
  },
  delete: {
    title: 'Delete OTP codes',
    // docs/requirements/error-messages.md: verbatim.
    content: "Delete selected user's OTP.",
  },
  /** The same actions over every OTP code the filters match, run as a job (kit/BulkActions.tsx). */
  bulk: {
    sendMail: {
      label: 'Send Mail',
      title: 'Email %{smart_count} OTP code? |||| Email %{smart_count} OTP codes?',
      content: 'Each user with an email address receives the OTP secret. Users without one are skipped.',
      done: 'Send Mail: done. %{changed} of %{total} emailed; the others have no email address.',
    },
    regenerate: {
      label: 'Re-generate',
      title: 'Re-generate %{smart_count} OTP code? |||| Re-generate %{smart_count} OTP codes?',
      content: 'Their current OTP secrets stop working: each user needs the new one in the authenticator.',
    },
    delete: {
      label: 'Delete',
      title: 'Delete %{smart_count} OTP code? |||| Delete %{smart_count} OTP codes?',
      content: 'Their codes stop working.',
    },
  },
  sendMailDialog: {
    title: 'Send the OTP code by email',
    explanation: 'The message holds the OTP secret of %{username}, to add to an authenticator app.',
    email: 'Email address',
  },
  validation: {
    // docs/requirements/billing-services-validation.md, docs/requirements/portal-validation.md: verbatim.
    emailEmpty: 'Email must not be empty',
    emailInvalid: 'Please input a valid email.',
  },
  chooseService: {
    title: 'Choose a service',
    body: 'OTP codes belong to a service: choose one above to see, generate and send the OTP codes of its users.',
  },
  empty: {
    title: 'No OTP codes yet',
    body: "Generate makes an OTP secret for every user of the service's token pack, for those who cannot use the V-Key app.",
    filtered: 'No OTP codes match this username.',
  },
  notifications: {
    generated: 'Generated %{smart_count} OTP code |||| Generated %{smart_count} OTP codes',
    noneGenerated: "Every user of the service's token pack has an OTP code already: nothing to generate.",
    // docs/requirements/error-messages.md: verbatim.
    regenerated: 'Re-generate %{n} OTP codes',
    regeneratedOne: 'Re-generate OTP successfully.',
    // The spec's "code(s) are" in polyglot's plural forms.
    sentSelected:
      '%{smart_count} selected OTP code is sent successfully. |||| %{smart_count} selected OTP codes are sent successfully.',
    sentSelectedSkipped:
      '%{smart_count} selected OTP code is sent successfully. Skipped, without an email address: %{skipped}. |||| %{smart_count} selected OTP codes are sent successfully. Skipped, without an email address: %{skipped}.',
    deleted: 'Deleted %{n} OTP codes',
    noneSent: 'None of the selected users has an email address: nothing was sent.',
  },
};
